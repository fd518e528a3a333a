"""What each AST transformer of paddle.jit.to_static does (``transformers.<Name>``), and the text for one this table does not know."""

TEXTS = {
    "transformers.Original": {
        "en": "Your function as Paddle parses it, before any transformer runs. Comments and "
            "formatting are normalised, so later diffs show only what the transformers change.",
        "zh": "Paddle 解析后的原始函数，尚未经过任何转换器。注释和排版已统一，因此后面的差异只显示转换器真正改动的地方。",
    },
    "transformers.TypeHint": {
        "en": "Removes type annotations (x: Tensor -> x). Static conversion does not need them, "
            "and later transformers create variables whose annotations would no longer be valid.",
        "zh": "删除类型注解（x: Tensor -> x）。静态图转换用不到它们，而且后续转换器生成的变量会让注解失效。",
    },
    "transformers.Super": {
        "en": "Rewrites super() as super(__class__, self). The converted function is re-created "
            "outside its class, where the zero-argument super() would no longer know the class.",
        "zh": "把 super() 改写为 super(__class__, self)。转换后的函数在类外重新"
            "生成，无参数的 super() 在那里找不到所属的类。",
    },
    "transformers.RegisterHook": {
        "en": "Moves tensor.register_hook(...) calls right after the line that defines the tensor, "
            "because in a static graph a gradient hook must be attached when the variable is "
            "created.",
        "zh": "把 tensor.register_hook(...) 调用移到定义该张量的语句之后：静态图中梯度钩子必须在变量创建时挂上。",
    },
    "transformers.EarlyReturn": {
        "en": "When an if-branch returns early, moves the code that follows into an else branch, "
            "so every path is an explicit branch that later becomes a cond with two sub-blocks.",
        "zh": "当 if 分支提前 return 时，把其后的代码移入 else 分支，使每条执行路径都成为显式"
            "分支，之后才能变成带两个子块的 cond。",
    },
    "transformers.AttributeJst": {
        "en": "Turns tensor attributes that are methods in static mode (x.size) into calls "
            "(x.size()). Only the legacy IR needs it.",
        "zh": "把静态图下为方法的张量属性（x.size）改成调用（x.size()）。仅旧版 IR 需要。",
    },
    "transformers.TensorShape": {
        "en": "Rewrites x.shape as _jst.Shape(x): known dims stay plain numbers, and dims unknown "
            "until run time (None / -1) are read from the tensor (paddle.shape(x)[i]) instead of "
            "baking -1 into the program.",
        "zh": "把 x.shape 改写为 _jst.Shape(x)：已知的维度仍是普通数字，运行时才知道的维"
            "度（None / -1）从张量中读取（paddle.shape(x)[i]），而不是把 -1 写"
            "死在程序里。",
    },
    "transformers.BreakContinue": {
        "en": "Replaces break and continue with boolean flags (__break_0, __continue_0): the loop "
            "condition checks the flag and the statements after it are guarded by an if, because "
            "a static while op has no jump instructions.",
        "zh": "用布尔标志（__break_0、__continue_0）代替 break 和 continue"
            "：循环条件检查标志，其后的语句用 if 保护，因为静态图的 while 算子没有跳转指令。",
    },
    "transformers.Return": {
        "en": "Gives the function a single return at its end: each return sets __return_N and "
            "__return_value_N, and the code after it is guarded, so branches that return can "
            "become cond/while sub-blocks.",
        "zh": "让函数只在末尾返回一次：每个 return 改为设置 __return_N 和 __return"
            "_value_N，其后的代码被条件保护，这样含 return 的分支才能变成 cond/whil"
            "e 子块。",
    },
    "transformers.Logical": {
        "en": "Rewrites and / or / not as _jst.And / _jst.Or / _jst.Not with lambdas. On Python "
            "values they short-circuit as usual; on tensors they become logical_and/or/not ops.",
        "zh": "把 and / or / not 改写为带 lambda 的 _jst.And / _jst.O"
            "r / _jst.Not。对 Python 值照常短路求值，对张量则生成 logical_and"
            "/or/not 算子。",
    },
    "transformers.CreateVariable": {
        "en": "Declares variables that are first assigned inside an if or a loop (x = "
            "_jst.UndefinedVar('x')), so both branches and the loop body can share them.",
        "zh": "为首次在 if 或循环内赋值的变量预先声明（x = _jst.UndefinedVar('x')），使两个分支和循环体都能使用它们。",
    },
    "transformers.Loop": {
        "en": "Turns for and while loops into _jst.While(condition_fn, body_fn, get_args, "
            "set_args). If the condition is a tensor at run time this builds a while op with a "
            "body sub-block; with a Python condition the loop simply runs (is unrolled) while "
            "tracing.",
        "zh": "把 for 和 while 循环改成 _jst.While(条件函数, 循环体函数, get_a"
            "rgs, set_args)。若运行时条件是张量，就生成带循环体子块的 while 算子；若是 "
            "Python 值，循环在追踪时直接展开。",
    },
    "transformers.IfElse": {
        "en": "Turns an if statement into _jst.IfElse(pred, true_fn, false_fn, ...). When pred is "
            "a tensor this becomes a cond op (pd_op.if) with true and false sub-blocks; when it "
            "is a Python bool only the taken branch is traced.",
        "zh": "把 if 语句改成 _jst.IfElse(条件, true_fn, false_fn, ..."
            ")。条件是张量时生成带 true/false 两个子块的 cond 算子（pd_op.if）；是"
            " Python 布尔值时只追踪实际执行的分支。",
    },
    "transformers.Assert": {
        "en": "Rewrites assert as _jst.Assert(cond, msg): on a tensor condition it adds an assert "
            "op that checks the value when the program runs, not while it is being built.",
        "zh": "把 assert 改写为 _jst.Assert(条件, 信息)：条件是张量时添加 assert 算子，在程序运行时检查，而不是构建时。",
    },
    "transformers.Call": {
        "en": "Wraps calls as _jst.Call(f)(args), so that functions and sub-layers you call are "
            "converted too (recursively) when they are reached; Paddle's own APIs and builtins "
            "are left alone.",
        "zh": "把函数调用包装为 _jst.Call(f)(参数)，使被调用的函数和子层在执行到时也被递归转换；"
            "Paddle 自身的 API 和内置函数保持不变。",
    },
    "transformers.Cast": {
        "en": "Rewrites bool(x), int(x), float(x) as _jst.AsDtype(x, ...): on a tensor this is a "
            "cast op, because Python cannot read a static tensor's value while building the "
            "program.",
        "zh": "把 bool(x)、int(x)、float(x) 改写为 _jst.AsDtype(x, .."
            ".)：对张量生成 cast 算子，因为构建程序时 Python 读不到静态张量的值。",
    },
    "transformers.Decorator": {
        "en": "Turns the function's other decorators into explicit calls around the converted "
            "function, so they still apply; the to_static decorator itself is dropped.",
        "zh": "把函数上的其他装饰器改写为对转换后函数的显式调用，使它们仍然生效；to_static 装饰器本身被去掉。",
    },
    "transformers.NameloadJst": {
        "en": "Wraps every name that is read in _jst.Ld(name), so that at run time Paddle can "
            "substitute static variables for eager tensors (e.g. a global tensor).",
        "zh": "把每个被读取的名字包装成 _jst.Ld(name)，使 Paddle 在运行时能用静态变量替换动态图张量（例如全局张量）。",
    },
    "transformers.BasicApi": {
        "en": "Paddle 2.x only: rewrites paddle.to_tensor(...) inside the function as "
            "paddle.assign(...), which builds a tensor in a static program.",
        "zh": "仅 Paddle 2.x：把函数内的 paddle.to_tensor(...) 改写为 pad"
            "dle.assign(...)，后者能在静态程序中创建张量。",
    },
    "transformers.BreakTransformOptimizer": {
        "en": "Optional optimisation (FLAGS_optim_transformation=1): folds a simple break "
            "condition into the loop condition instead of using a flag.",
        "zh": "可选优化（FLAGS_optim_transformation=1）：把简单的 break 条件并入循环条件，而不使用标志变量。",
    },
    "transformers.SOTFrame": {
        "en": "SOT does not rewrite the source: it runs the function's bytecode symbolically, puts the tensor operations it can follow into a subgraph (___graph_fn_SIR_N, a compiled static program), and generates new bytecode that calls the subgraph and does the rest in Python. This is that bytecode, decompiled. Where a Python value depends on a tensor (an if on a tensor, .numpy()), the graph breaks: the generated code ends by calling a resume function that runs the rest of the original code.",
        "zh": "SOT 不改写源代码：它符号化地执行函数的字节码，把能跟踪的张量运算放进子图（___graph_fn_SIR_N，一个编译好的静态程序），再生成新的字节码来调用子图，其余部分交给 Python。这里是反编译后的新字节码。当某个 Python 值依赖张量（对张量的 if、.numpy()）时，图会中断：生成的代码最后调用一个恢复函数（resume function），由它运行原代码的剩余部分。",
    },
    "transformers.SOTResume": {
        "en": "A resume function: the original code after a graph break, made into a function of its own. SOT translates it the first time it is called, the same way (subgraphs, then Python), with its own guards and cache entry; a branch never taken is never translated.",
        "zh": "恢复函数：图中断之后的原代码，被做成一个独立的函数。SOT 在它第一次被调用时用同样的方式翻译它（先子图，再 Python），它有自己的守卫条件和缓存项；从未走过的分支不会被翻译。",
    },
    "transformers.generic": {
        "en": "A transformer this version of d2s_lab has no description for; the diff shows what it changed.",
        "zh": "d2s_lab 暂无该转换器的说明；差异部分显示了它的改动。",
    },
}
