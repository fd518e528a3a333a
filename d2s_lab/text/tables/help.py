"""Help texts: each magic's description and options, the shared options of
``d2s_lab.core.options.OPTIONS`` (``help.opt.*``) and the ``d2s-lab`` command's (``help.cli.*``),
shown by ``%%to_static?``, ``%%to_static --help``, ``d2s-lab --help`` and the manual's option tables.
Fields: ``{run_s}``, ``{trace_s}`` (the first run's and the trace's default time budgets), ``{out}``
(the labs' default output folder)."""

TEXTS = {
    "help.section.positionals": {
        "en": "positional arguments",
        "zh": "位置参数",
    },
    "help.section.help": {
        "en": "show this help message and exit",
        "zh": "显示此帮助信息并退出",
    },
    "help.opt.input": {
        "en": "Input description, one per argument of forward, repeatable, e.g. --input \"x: [None,3,32,32] float32\" (name and dtype optional; None marks a dynamic dim); a Python constant as name=value, e.g. --input n=3 or --input use_act=True.",
        "zh": "输入描述，forward 的每个参数一个，可重复，例如 --input \"x: [None,3,32,32] float32\"（名字和数据类型可省略；None 表示动态维度）；Python 常量写成 name=value，例如 --input n=3 或 --input use_act=True。",
    },
    "help.d2s_diff.programs": {
        "en": "Compare two programs of one Conversion A, e.g. --programs train,inference: which forward ops the predictor's passes fused or replaced; the train program's backward ops are set apart, so forward ops pair with forward ops.",
        "zh": "比较同一个转换结果 A 的两个程序，例如 --programs train,inference：预测器的 pass 融合或替换了哪些正向算子；train 程序的反向算子单独放开，使正向算子只与正向算子配对。",
    },
    "help.cli.demo.description": {
        "en": "make demo: run the CIFAR-10 image-search notebook headless and write it as HTML.",
        "zh": "make demo：无界面运行 CIFAR-10 图像检索笔记本，并把它写成 HTML。",
    },
    "help.cli.demo.quick": {
        "en": "a few dozen batches instead of the full run",
        "zh": "只跑几十个批次，而不是完整运行",
    },
    "help.cli.demo.out": {
        "en": "output folder (default: ./build)",
        "zh": "输出文件夹（默认：./build）",
    },
    "help.section.options": {
        "en": "options",
        "zh": "选项",
    },
    "help.opt.depth": {
        "en": "Graph layer depth: 1 (default) shows each top-level sublayer as one node with its input/output shapes and op count; 2 opens one more level; all shows every op inside nested layer clusters.",
        "zh": "计算图的层深度：1（默认）把每个顶层子层画成一个节点，标出其输入/输出形状和算子数；2 再展开一层；all 在嵌套的层簇中显示每个算子。",
    },
    "help.opt.params": {
        "en": "Draw parameters as nodes (default: folded into op labels, W 32x3x3x3, b 32).",
        "zh": "把参数画成节点（默认：并入算子标签，如 W 32x3x3x3、b 32）。",
    },
    "help.opt.constants": {
        "en": "Draw constant ops (full, full_int_array) as nodes (default: folded).",
        "zh": "把常量算子（full、full_int_array）画成节点（默认：折叠）。",
    },
    "help.opt.rankdir": {
        "en": "Graph layout direction: TB (top to bottom, default) or LR (left to right).",
        "zh": "计算图的布局方向：TB（从上到下，默认）或 LR（从左到右）。",
    },
    "help.opt.no_wrap": {
        "en": "Draw a long chain of layers as one strip (default: in columns side by side, rows with --rankdir LR; ↪ and ↳ mark where the flow continues).",
        "zh": "把一长串层画成一整条（默认：分成并排的几列，--rankdir LR 时分成几行；↪ 和 ↳ 标出流程接续的位置）。",
    },
    "help.opt.program": {
        "en": "Which program: forward (the converted Program, default); train (forward, then the backward ops Paddle appends to train it); amp (traced under paddle.amp.auto_cast: the casts it inserts); inference (what the Paddle Inference predictor runs after its IR passes, oneDNN on a CPU).",
        "zh": "显示哪个程序：forward（转换得到的 Program，默认）；train（先是 forward，再是 Paddle 为训练追加的反向算子）；amp（在 paddle.amp.auto_cast 下追踪：显示它插入的 cast）；inference（Paddle Inference 预测器执行其 IR pass 之后实际运行的程序，CPU 上使用 oneDNN）。",
    },
    "help.opt.amp_level": {
        "en": "AMP level for --program amp (default O1).",
        "zh": "--program amp 的 AMP 级别（默认 O1）。",
    },
    "help.opt.amp_dtype": {
        "en": "AMP dtype for --program amp (default: float16 on a GPU, bfloat16 on a CPU, where Paddle has no float16 kernels).",
        "zh": "--program amp 的 AMP 数据类型（默认：GPU 上为 float16，CPU 上为 bfloat16，因为 Paddle 在 CPU 上没有 float16 内核）。",
    },
    "help.opt.budget": {
        "en": "Layout-cost budget; bigger drawings are collapsed by layer automatically. none: draw the depth asked for, however big.",
        "zh": "布局开销预算；超出预算的大图会自动按层折叠。none：按要求的深度绘制，无论图有多大。",
    },
    "help.opt.mode": {
        "en": "Which path to_static takes. Default: the one plain paddle.jit.to_static takes on the installed Paddle (sot on Paddle 3; see %d2s_mode and $D2S_MODE). ast: to_static(full_graph=True), AST transformers and one Program (graph, steps, transformed source). sot: bytecode translation, with its graph breaks, fallbacks and subgraphs.",
        "zh": "to_static 走哪条路径。默认：已安装的 Paddle 上普通 paddle.jit.to_static 所走的路径（Paddle 3 上为 sot；见 %d2s_mode 和 $D2S_MODE）。ast：to_static(full_graph=True)，即 AST 转换器和单个 Program（计算图、转换步骤、转换后的源代码）。sot：字节码翻译，包括其图中断、回退和子图。",
    },
    "help.opt.full_graph": {
        "en": "The same as --mode ast: to_static(full_graph=True).",
        "zh": "与 --mode ast 相同：to_static(full_graph=True)。",
    },
    "help.opt.spec": {
        "en": "A Python expression giving the whole input description, nested as forward's arguments: InputSpecs, tensors, Python constants, in lists/tuples/dicts, e.g. --spec \"[[InputSpec([None,4]), InputSpec([None,4])], {{'scale': 2.0}}]\". Use it instead of --input for nested inputs.",
        "zh": "一个 Python 表达式，给出完整的输入描述，按 forward 的参数嵌套：InputSpec、张量、Python 常量，可放在 list/tuple/dict 中，例如 --spec \"[[InputSpec([None,4]), InputSpec([None,4])], {{'scale': 2.0}}]\"。输入是嵌套结构时，用它代替 --input。",
    },
    "help.opt.layer": {
        "en": "A sublayer's forward instead of the model's own, by its path as the graph names layers (e.g. --layer bert.encoder.layers.0): for a model whose forward is an installed library's code, marked with the library's name.",
        "zh": "改为转换某个子层的 forward，而不是模型自身的 forward，用计算图给层命名的路径指定（例如 --layer bert.encoder.layers.0）：适用于 forward 是已安装库代码的模型，这些代码会标上库名。",
    },
    "help.opt.source": {
        "en": "Only the forward beside its transformed code, no steps.",
        "zh": "只显示 forward 及与之并排的转换后代码，不显示转换步骤。",
    },
    "help.opt.lang": {
        "en": "Language of the page and messages: en or zh (default: $D2S_LANG, else the locale: zh_CN.UTF-8 gives zh, else en; in a notebook, %d2s_lang).",
        "zh": "页面和消息的语言：en 或 zh（默认：$D2S_LANG，否则按 locale：zh_CN.UTF-8 为 zh，其他为 en；在笔记本中用 %d2s_lang）。",
    },
    "help.opt.bench_batch": {
        "en": "Batch sizes, comma separated (default 1,20,256, or N alone for --dim 0=N).",
        "zh": "批大小，逗号分隔（默认 1,20,256；给出 --dim 0=N 时只有 N）。",
    },
    "help.opt.bench_threads": {
        "en": "CPU threads for every runtime (default 1).",
        "zh": "每个运行时使用的 CPU 线程数（默认 1）。",
    },
    "help.opt.bench_train": {
        "en": "Time a training step (forward, backward, SGD) in eager vs to_static.",
        "zh": "为一个训练步（前向、反向、SGD）计时，比较 eager 与 to_static。",
    },
    "help.opt.bench_device": {
        "en": "cpu (default) or gpu / gpu:N.",
        "zh": "cpu（默认）或 gpu / gpu:N。",
    },
    "help.opt.bench_runtimes": {
        "en": "Subset, comma separated: eager,to_static,predictor,predictor_onednn,onnxruntime.",
        "zh": "只测其中一部分运行时，逗号分隔：eager,to_static,predictor,predictor_onednn,onnxruntime。",
    },
    "help.opt.bench_repeat": {
        "en": "At least this many timed runs (default 10).",
        "zh": "至少计时运行这么多次（默认 10）。",
    },
    "help.opt.bench_min_time": {
        "en": "Time each runtime for at least this many seconds (default 0.5).",
        "zh": "每个运行时至少计时这么多秒（默认 0.5）。",
    },
    "help.opt.dim": {
        "en": "Size of a dynamic axis in the inputs made up from the input descriptions, repeatable: AXIS=SIZE for every input (--dim 1=128: sequence length 128), INPUT:AXIS=SIZE for one (--dim past:1=3). AXIS counts from 0, the batch (--dim 0=4: a batch of 4). Use it when inputs must fit each other (ids, a mask, past keys). An axis not given keeps its default: 2 in a conversion's first run (--example gives real inputs instead); in the benchmark, the --batch sizes for axis 0 and the example inputs' sizes for the others, else the benchmark names the axis that needs one instead of guessing.",
        "zh": "由输入描述随机生成的输入中某个动态维度的大小，可重复给出：AXIS=SIZE 作用于所有输入（--dim 1=128：序列长度 128），INPUT:AXIS=SIZE 只作用于一个输入（--dim past:1=3）。AXIS 从 0（批维度）开始计数（--dim 0=4：批大小 4）。当输入的尺寸必须彼此匹配（ids、掩码、过去的 key）时使用。未给出的维度取默认值：转换的首次运行中为 2（--example 则给出真实输入）；基准测试中第 0 维取 --batch 的大小，其他维度取示例输入的大小，两者都没有时，基准测试会指出需要给出大小的维度，而不是猜测。",
    },
    "help.opt.bench_budget": {
        "en": "Time the whole benchmark may take. The first calls give an estimate before the long part; over the budget, the minimum time and warm-up go, the timed runs come down to 3, then the largest batches are left out, and the result says so. Default: no limit (the progress shows the estimated time left).",
        "zh": "整个基准测试可用的时间。开头几次调用会在耗时较长的部分之前给出估计；超出预算时，先取消最短时间和预热，把计时次数减到 3 次，再省略最大的几个批大小，并在结果中注明。默认：不限时（进度中显示估计的剩余时间）。",
    },
    "help.d2s_bench.obj": {
        "en": "The model: a Conversion (default: _d2s, from the last %to_static), a Layer or a function (then give --input).",
        "zh": "模型：转换结果（默认：_d2s，来自上一次 %to_static）、层或函数（此时请给出 --input）。",
    },
    "help.d2s_bench.as_": {
        "en": "Variable that receives the BenchResult (default: _d2s_bench).",
        "zh": "接收 BenchResult 的变量（默认：_d2s_bench）。",
    },
    "help.d2s_bench.doc": {
        "en": "Time a model in dygraph, to_static, the Paddle Inference predictor (with and\nwithout oneDNN) and ONNX Runtime (when paddle2onnx and onnxruntime are installed).\n\nOutputs are checked equal across runtimes first (max abs diff shown); each time\nis the median of many runs after warm-up. Shows a bar chart, a table and one\nline of advice computed from the numbers. The model's weights are not changed.\n\nExamples::\n\n    %d2s_bench                      # the model of the last %%to_static cell\n    %d2s_bench net --input \"x: [None,3,32,32] float32\" --batch 1,20 --threads 2\n    %d2s_bench --train\n    %d2s_bench bert --input \"input_ids: [None, None] int64\" --dim 1=128 --batch 1,8 --budget 300",
        "zh": "在动态图、to_static、Paddle Inference 预测器（开启和\n关闭 oneDNN）以及 ONNX Runtime（已安装 paddle2onnx 和 onnxruntime 时）中为模型计时。\n\n先检查各运行时的输出是否一致（显示最大绝对差）；每个时间都是\n预热后多次运行的中位数。显示柱状图、表格和一行\n根据这些数据算出的建议。不会改动模型的权重。\n\n示例::\n\n    %d2s_bench                      # 上一个 %%to_static 单元格的模型\n    %d2s_bench net --input \"x: [None,3,32,32] float32\" --batch 1,20 --threads 2\n    %d2s_bench --train\n    %d2s_bench bert --input \"input_ids: [None, None] int64\" --dim 1=128 --batch 1,8 --budget 300",
    },
    "help.d2s_calls.name": {
        "en": "A Conversion (from %%to_static or d2s_lab.convert), by name; default _d2s.",
        "zh": "转换结果（来自 %%to_static 或 d2s_lab.convert）的名字；默认 _d2s。",
    },
    "help.d2s_calls.doc": {
        "en": "Show every call of a converted function since its conversion, as a table.\n\nA call either reuses what Paddle built (a cache hit) or builds again: on the SOT\npath, a new cache entry, with the guard that failed and the value that broke it\n(\"`n == 2` failed: now 3\", \"`x.shape[0] == 4` failed: now 7, so x.shape[0] is\ndynamic in the new entry\"), the cache's size against MAX_CACHE_SIZE and the time\nspent translating; in AST mode, a new Program and the input that changed. Runs\nof cache hits are folded into one row. Same as ``conv.calls()``.\n\nExamples::\n\n    %%to_static --as net_s\n    net = Net()\n\n    net_s(x); net_s(x2)\n    %d2s_calls net_s",
        "zh": "以表格显示转换后函数自转换以来的每一次调用。\n\n每次调用要么复用 Paddle 已构建的结果（命中缓存），要么重新构建：在 SOT\n路径上是一个新缓存项，附有不成立的守卫条件和使它不成立的值\n（“`n == 2` 不成立：现在是 3”、“`x.shape[0] == 4` 不成立：现在是 7，因此\n新缓存项中 x.shape[0] 是动态的”）、缓存大小与 MAX_CACHE_SIZE 的对比以及\n翻译所用的时间；在 AST 模式下是一个新的 Program 和发生变化的输入。连续\n命中缓存的调用合并为一行。等同于 ``conv.calls()``。\n\n示例::\n\n    %%to_static --as net_s\n    net = Net()\n\n    net_s(x); net_s(x2)\n    %d2s_calls net_s",
    },
    "help.d2s_watch.as_": {
        "en": "Variable that receives the WatchReport (default: _d2s_watch).",
        "zh": "接收 WatchReport 的变量（默认：_d2s_watch）。",
    },
    "help.d2s_watch.doc": {
        "en": "Run the cell as written and watch every converted function it calls.\n\nEvery function made with paddle.jit.to_static (a decorator, a Layer converted in\na loop, SOT or AST) is recorded: its calls, translations and recompiles with the\nguard that failed and the value that broke it, its runs in dygraph once SOT's\ncache is full (or on every call, where SOT skips it), the shapes made dynamic, and\nthe time of its calls split into translate/compile, static and dygraph. Alerts name\nwhat to change: a Python value that changes every call (pass a tensor), a cache at\nMAX_CACHE_SIZE, a function translated again for each new Layer. Nothing is\nconverted and no result changes. Same as ``with d2s_lab.watch() as w``.\n\nExamples::\n\n    %%d2s_watch\n    for step in range(6):\n        loss = train_step(x, lr)\n\n    %%d2s_watch --lang zh --as run1",
        "zh": "照原样运行单元格，并监视它调用的每个转换后的函数。\n\n每个用 paddle.jit.to_static 转换的函数（装饰器、在循环中转换的 Layer、SOT 或\nAST）都会被记录：调用次数、翻译和重新翻译（附不成立的守卫条件和使它不成立的\n值）、SOT 缓存满后（或 SOT 跳过它时每次调用）以动态图运行的次数、变为动态的形状，\n以及调用时间中翻译/编译、静态图和动态图各占多少。提醒\n会指出要改什么：每次调用都变化的 Python 值（改传张量）、达到 MAX_CACHE_SIZE\n的缓存、为每个新 Layer 重新翻译的函数。不转换任何东西，也不改变任何结果。等同于\n``with d2s_lab.watch() as w``。\n\n示例::\n\n    %%d2s_watch\n    for step in range(6):\n        loss = train_step(x, lr)\n\n    %%d2s_watch --lang zh --as run1",
    },
    "help.d2s_diff.a": {
        "en": "The first program: a Conversion, a saved model path, a SavedModel or a Graph.",
        "zh": "第一个程序：转换结果、保存的模型路径、SavedModel 或 Graph。",
    },
    "help.d2s_diff.b": {
        "en": "The second program, compared with A (added = only in B).",
        "zh": "第二个程序，与 A 比较（新增 = 只在 B 中）。",
    },
    "help.d2s_diff.as_": {
        "en": "Variable that receives the GraphDiff (default: _d2s_diff).",
        "zh": "接收 GraphDiff 的变量（默认：_d2s_diff）。",
    },
    "help.d2s_diff.doc": {
        "en": "Compare two programs op by op and show what differs.\n\nA and B are notebook names (Conversions from %%to_static --as NAME or\nd2s_lab.convert, SavedModels, Graphs) or paths of saved models (read without\nPaddle). Ops are paired by layer path, kind and position; the view lists the\nops added (only in B), removed (only in A) and changed (attributes, output\nshapes, dtypes), draws both graphs with them coloured (added green, removed\nred, changed amber), and puts the two sources side by side when both are known.\n\nExamples::\n\n    %%to_static --input \"x: [None,8] float32\" --as before\n    ...\n    %%to_static --input \"x: [None,8] float32\" --as after\n    ...\n    %d2s_diff before after\n    %d2s_diff build/a.json build/b.json --depth all\n    %d2s_diff _d2s --program inference   # saved program vs what the predictor runs\n    %d2s_diff _d2s --program amp         # forward vs AMP: the casts\n    %d2s_diff _d2s --program train       # forward vs training: the backward ops\n\nWith one Conversion and --program, that program is compared with the one it was\nmade from; with two and --program, that program of each.\n\nIn Python: ``d = d2s_lab.diff(before, after)``; ``d.added``, ``d.removed``,\n``d.changed``, ``print(d.summary())``.",
        "zh": "逐个算子比较两个程序，显示它们的差异。\n\nA 和 B 是笔记本中的名字（来自 %%to_static --as NAME 或\nd2s_lab.convert 的转换结果、SavedModel、Graph），或保存的模型的路径（读取时不需要\nPaddle）。算子按层路径、种类和位置配对；视图列出\n新增的算子（只在 B 中）、删除的算子（只在 A 中）和改变的算子（属性、输出\n形状、dtype），画出两个计算图并为这些算子着色（新增为绿色、删除为\n红色、改变为琥珀色），两份源代码都已知时还会把它们并排显示。\n\n示例::\n\n    %%to_static --input \"x: [None,8] float32\" --as before\n    ...\n    %%to_static --input \"x: [None,8] float32\" --as after\n    ...\n    %d2s_diff before after\n    %d2s_diff build/a.json build/b.json --depth all\n    %d2s_diff _d2s --program inference   # 保存的程序 vs 预测器实际运行的程序\n    %d2s_diff _d2s --program amp         # forward vs AMP：插入的 cast\n    %d2s_diff _d2s --program train       # forward vs 训练：反向算子\n\n只给一个转换结果和 --program 时，把该程序与生成它的那个程序\n比较；给两个转换结果和 --program 时，比较两者各自的该程序。\n\n在 Python 中：``d = d2s_lab.diff(before, after)``；``d.added``、``d.removed``、\n``d.changed``、``print(d.summary())``。",
    },
    "help.d2s_graph.obj": {
        "en": "What to draw: a Conversion (e.g. _d2s), a function converted with paddle.jit.to_static, a paddle.nn.Layer (with --input) or a Graph.",
        "zh": "要绘制的对象：转换结果（例如 _d2s）、用 paddle.jit.to_static 转换的函数、paddle.nn.Layer（配合 --input）或 Graph。",
    },
    "help.d2s_graph.format": {
        "en": "svg (default): the interactive drawing; png: a picture; dot: the DOT text.",
        "zh": "svg（默认）：可交互的图；png：图片；dot：DOT 文本。",
    },
    "help.d2s_graph.output": {
        "en": "Save the whole drawing to FILE (.svg, .png or .dot; --format wins); the cell shows a "
              "line naming it, then the drawing as a cell keeps it (within 250 KB).",
        "zh": "把完整的图保存到 FILE（.svg、.png 或 .dot；以 --format 为准）；单元格显示一行写明该文件，"
              "随后是单元格中保留的图（不超过 250 KB）。",
    },
    "help.d2s_graph.explore": {
        "en": "An explorer for large graphs: click a layer to open or close it, a breadcrumb of open layers, search ops/layers/lines, click an op to see its producers and consumers (a widget: needs anywidget and a kernel).",
        "zh": "适用于大型计算图的计算图浏览器：点击层可展开或折叠它，面包屑导航显示已展开的层，可搜索算子/层/代码行，点击算子可查看其生产者和消费者（交互控件：需要 anywidget 和内核）。",
    },
    "help.d2s_graph.doc": {
        "en": "Draw the Program that paddle.jit.to_static built, with Graphviz (on the\ndefault path, SOT: the run as Paddle executes it, each compiled subgraph a\ncluster in order, the graph breaks between them).\n\nOne node per op, shaped and coloured by kind (legend above the drawing); each\nlabel holds the op, its key attributes, its parameters and its output shape\n(N marks a dynamic dim). if/while sub-blocks are nested clusters; layers are\nclusters, or one node each at a shallower --depth. The drawing fits the output\nwidth; zoom to 100% or 200% and scroll for big graphs.\n\nExamples::\n\n    %d2s_graph _d2s                      # the last %%to_static conversion\n    %d2s_graph _d2s --depth all --rankdir LR\n    %d2s_graph net --input \"x: [None,3,32,32] float32\" -o net.svg\n    %d2s_graph _d2s --format png -o net.png\n    %d2s_graph _d2s --program train      # forward + backward (the grad ops)\n    %d2s_graph _d2s --program amp        # the casts paddle.amp.auto_cast inserts\n    %d2s_graph _d2s --program inference  # after Paddle Inference's passes (fused ops)\n    %d2s_graph _d2s --explore            # open/close layers, search, producers/consumers\n\nIn Python: ``conv.graph(depth=\"all\").save(\"net.svg\")``,\n``conv.graph(program=\"train\")``, ``conv.program_graph(\"inference\")``.",
        "zh": "用 Graphviz 绘制 paddle.jit.to_static 构建的 Program（在默认路径 SOT 上：\n画出 Paddle 实际执行的过程，每个编译的子图按顺序是一个簇，子图之间是图中断）。\n\n每个算子一个节点，形状和颜色表示种类（图例在图上方）；每个\n标签包含算子、其关键属性、参数和输出形状\n（N 表示动态维度）。if/while 子块是嵌套的簇；层是\n簇，在较浅的 --depth 下则各为一个节点。图会适应输出\n宽度；大型计算图可缩放到 100% 或 200% 后滚动查看。\n\n示例::\n\n    %d2s_graph _d2s                      # 上一次 %%to_static 转换\n    %d2s_graph _d2s --depth all --rankdir LR\n    %d2s_graph net --input \"x: [None,3,32,32] float32\" -o net.svg\n    %d2s_graph _d2s --format png -o net.png\n    %d2s_graph _d2s --program train      # 前向 + 反向（梯度算子）\n    %d2s_graph _d2s --program amp        # paddle.amp.auto_cast 插入的 cast\n    %d2s_graph _d2s --program inference  # 经过 Paddle Inference 的 pass 之后（融合算子）\n    %d2s_graph _d2s --explore            # 展开/折叠层、搜索、生产者/消费者\n\n在 Python 中：``conv.graph(depth=\"all\").save(\"net.svg\")``、\n``conv.graph(program=\"train\")``、``conv.program_graph(\"inference\")``。",
    },
    "help.d2s_lang.doc": {
        "en": "Set the language of d2s_lab's explanations for this notebook: en or zh.\n\n``%d2s_lang zh`` (简体中文), ``%d2s_lang en``; without an argument, print the\ncurrent one. The default comes from $D2S_LANG, else the locale (zh_CN.UTF-8 and other\nChinese locales give zh), else en.\nSame as ``d2s_lab.set_lang(\"zh\")``.",
        "zh": "为这个笔记本设置 d2s_lab 讲解所用的语言：en 或 zh。\n\n``%d2s_lang zh``（简体中文）、``%d2s_lang en``；不带参数时显示\n当前语言。默认值来自 $D2S_LANG，否则按 locale（zh_CN.UTF-8 和其他\n中文 locale 为 zh），否则为 en。\n等同于 ``d2s_lab.set_lang(\"zh\")``。",
    },
    "help.d2s_mode.doc": {
        "en": "Set the path ``%%to_static`` and the other views convert with in this notebook.\n\n``%d2s_mode ast`` (``to_static(full_graph=True)``: the AST transformers, one Program),\n``%d2s_mode sot`` (bytecode translation), ``%d2s_mode default`` (the path plain\n``paddle.jit.to_static`` takes on the installed Paddle: SOT on Paddle 3). Without an\nargument, print the path in force and where it comes from. ``--mode`` on a cell\nstill wins; $D2S_MODE sets it for every kernel. Same as ``d2s_lab.set_mode(\"ast\")``.",
        "zh": "设置这个笔记本中 ``%%to_static`` 和其他视图转换时所走的路径。\n\n``%d2s_mode ast``（``to_static(full_graph=True)``：AST 转换器，单个 Program）、\n``%d2s_mode sot``（字节码翻译）、``%d2s_mode default``（已安装的 Paddle 上普通\n``paddle.jit.to_static`` 所走的路径：Paddle 3 上为 SOT）。不带\n参数时，显示当前生效的路径及其来源。单元格上的 ``--mode``\n仍然优先；$D2S_MODE 为每个内核设置路径。等同于 ``d2s_lab.set_mode(\"ast\")``。",
    },
    "help.d2s_show.path": {
        "en": "A saved model: PREFIX.json, PREFIX.pdmodel, PREFIX.pdiparams or PREFIX.",
        "zh": "保存的模型：PREFIX.json、PREFIX.pdmodel、PREFIX.pdiparams 或 PREFIX。",
    },
    "help.d2s_show.depth": {
        "en": "Graph layer depth: 1 (default) shows each top-level layer (from the saved struct_name) as one node; 2, ... opens them; all shows every op.",
        "zh": "计算图的层深度：1（默认）把每个顶层层（来自保存的 struct_name）画成一个节点；2 及更大的值逐层展开它们；all 显示每个算子。",
    },
    "help.d2s_show.as_": {
        "en": "Variable that receives the SavedModel (default: _d2s_saved).",
        "zh": "接收 SavedModel 的变量（默认：_d2s_saved）。",
    },
    "help.d2s_show.doc": {
        "en": "Draw a model saved with paddle.jit.save, without running anything from its files.\n\nReads the program (Paddle 3.x PIR ``.json`` or a legacy ``.pdmodel``) and the\nparameter shapes (``.pdiparams``) directly: Paddle is not imported, no pickle\nis loaded, nothing from the files is executed, so models from the internet are\nsafe to look at. Shows a summary, the graph, the files, the parameters and the op\ntable. Damaged or hostile files give a short message naming the problem.\n\nExamples::\n\n    %%to_static --input \"x: [None,3,32,32] float32\" --save build/model/net\n    ...\n    %d2s_show build/model/net.json",
        "zh": "绘制用 paddle.jit.save 保存的模型，不运行其文件中的任何内容。\n\n直接读取程序（Paddle 3.x PIR 的 ``.json`` 或旧版 ``.pdmodel``）和\n参数形状（``.pdiparams``）：不导入 Paddle，不加载 pickle，\n不执行文件中的任何内容，因此可以放心查看来自互联网的模型。显示摘要、计算图、文件、参数和算子\n表。损坏或恶意的文件会给出一条简短的消息，指出问题所在。\n\n示例::\n\n    %%to_static --input \"x: [None,3,32,32] float32\" --save build/model/net\n    ...\n    %d2s_show build/model/net.json",
    },
    "help.d2s_steps.obj": {
        "en": "A function, a paddle.nn.Layer (its forward), a to_static function, or a Conversion (e.g. _d2s), by name or expression.",
        "zh": "函数、paddle.nn.Layer（其 forward）、to_static 函数或转换结果（例如 _d2s），用名字或表达式给出。",
    },
    "help.d2s_steps.static": {
        "en": "Only the static HTML view (one collapsible section per step), no widget.",
        "zh": "只显示静态 HTML 视图（每个步骤一个可折叠部分），不使用交互控件。",
    },
    "help.d2s_steps.doc": {
        "en": "Step through every AST transformer paddle.jit.to_static applies to OBJ.\n\nShows the code after each transformer (TypeHint, ..., IfElse, Loop, ..., in the\norder the installed Paddle applies them) beside the code before it, with a\nplain-language explanation in English or Chinese. For a conversion on the\ndefault path (SOT, e.g. ``_d2s``), the steps are the code SOT runs instead:\nyour function, the code SOT generated for it, then each resume function. In JupyterLab: Prev/Next, a\nslider, and a switch that skips transformers that changed nothing. Exported to\nHTML (nbconvert, nbviewer) the same steps show as collapsible sections.\nThe steps are kept in ``_d2s_steps`` (see ``d2s_lab.steps``).\n\n``--layer PATH`` steps through a sublayer's forward instead (its path as the graph\nnames layers), an installed library's code included, marked with the library's\nname; ``--source`` shows only that forward beside its transformed code.\n\nExamples::\n\n    %d2s_steps my_function\n    %d2s_steps net --lang zh\n    %d2s_steps _d2s --static\n    %d2s_steps _d2s --layer bert.encoder.layers.0\n    %d2s_steps _d2s --layer bert.encoder.layers.0 --source",
        "zh": "逐步查看 paddle.jit.to_static 对 OBJ 应用的每个 AST 转换器。\n\n显示每个转换器处理后的代码（TypeHint、……、IfElse、Loop、……，按\n已安装的 Paddle 应用它们的顺序），与处理前的代码并排，并附有\n英文或中文的通俗讲解。对默认路径（SOT）上的转换结果（例如 ``_d2s``），\n步骤是 SOT 代替它运行的代码：你的函数、SOT 为它生成的代码，\n然后是每个恢复函数。在 JupyterLab 中：上一步/下一步按钮、\n滑块，以及一个跳过未做任何改动的转换器的开关。导出为\nHTML（nbconvert、nbviewer）时，同样的步骤显示为可折叠部分。\n这些步骤保存在 ``_d2s_steps`` 中（见 ``d2s_lab.steps``）。\n\n``--layer PATH`` 改为逐步查看某个子层的 forward（用计算图给层命名的\n路径指定），包括已安装库的代码，这些代码会标上库\n名；``--source`` 只显示该 forward 及与之并排的转换后代码。\n\n示例::\n\n    %d2s_steps my_function\n    %d2s_steps net --lang zh\n    %d2s_steps _d2s --static\n    %d2s_steps _d2s --layer bert.encoder.layers.0\n    %d2s_steps _d2s --layer bert.encoder.layers.0 --source",
    },
    "help.to_static.model": {
        "en": "Name (or expression) of the Layer or function to convert. Default: the last Layer instance or function the cell defines.",
        "zh": "要转换的层或函数的名字（或表达式）。默认：单元格定义的最后一个层实例或函数。",
    },
    "help.to_static.example": {
        "en": "Python expression (evaluated in the notebook) giving example input tensor(s)/arrays; shapes and dtypes are taken from them.",
        "zh": "Python 表达式（在笔记本中求值），给出示例输入张量/数组；形状和 dtype 从中获取。",
    },
    "help.to_static.as_": {
        "en": "Variable that receives the Conversion (default: _d2s).",
        "zh": "接收转换结果的变量（默认：_d2s）。",
    },
    "help.to_static.no_run": {
        "en": "Convert only; skip the first static run.",
        "zh": "只转换；跳过第一次静态运行。",
    },
    "help.to_static.run_timeout": {
        "en": "When the Program has a while loop (its end depends on the data), stop waiting for the first static run after this many seconds (default {run_s}), and stop tracing forward (AST mode) after them (default {trace_s}); the kernel's Interrupt stops either. The conversion is kept.",
        "zh": "当 Program 含有 while 循环（其结束取决于数据）时，第一次静态运行超过这么多秒（默认 {run_s}）就不再等待，追踪 forward（AST 模式）超过这么多秒（默认 {trace_s}）也会停止；内核的中断（Interrupt）可停止两者。转换结果会保留。",
    },
    "help.to_static.check": {
        "en": "Compare dygraph and static outputs on the same inputs (eval mode, same seed); when they differ, name the first sublayer whose outputs differ.",
        "zh": "在相同输入上比较动态图和静态图的输出（eval 模式，相同随机种子）；两者不同时，指出第一个输出不同的子层。",
    },
    "help.to_static.save": {
        "en": "Also save the converted model with paddle.jit.save to this prefix (PATH.json + PATH.pdiparams) and list the files; view with %d2s_show PATH.",
        "zh": "同时用 paddle.jit.save 把转换后的模型保存到这个前缀（PATH.json + PATH.pdiparams）并列出文件；可用 %d2s_show PATH 查看。",
    },
    "help.to_static.doc": {
        "en": "Run the cell, convert its model with paddle.jit.to_static, and show what Paddle built.\n\nThe cell runs in the notebook's namespace first, so everything it defines stays\ndefined even when the conversion fails. Then the model is found (--model, or the\nlast paddle.nn.Layer instance or function the cell defines), converted, and a\nreport is shown: a summary (ops, parameters, input/output specs, timings), the\nProgram graph (see --depth), the original beside the transformed source, the op\ntable (op, input and output shapes, layer, source line) and a step-through of\nevery AST transformer (see --lang). The Conversion is stored in ``_d2s`` (see --as).\n\nWhen the conversion fails, the report points at the failing line of the cell\n(numbered as the notebook shows it) with a hint for known causes and Paddle's full\ntext behind a toggle. With --mode sot it lists SOT's graph breaks and fallbacks\nwith their reasons and lines, and what AST mode gives. --check compares dygraph\nand static outputs and names the first sublayer whose outputs differ.\n\nExamples::\n\n    %%to_static --input \"x: [None,3,32,32] float32\"\n    class Net(paddle.nn.Layer):\n        def __init__(self):\n            super().__init__()\n            self.conv = paddle.nn.Conv2D(3, 32, 3, stride=2)\n        def forward(self, x):\n            return paddle.nn.functional.relu(self.conv(x))\n    net = Net()\n\n    %%to_static --example \"paddle.randn([4, 8])\" --mode sot\n    def f(x):\n        return x * 2 if x.mean() > 0 else x - 1\n\n    %%to_static --model net --input \"[None, 16]\" --as conv\n    net = paddle.nn.Linear(16, 4)\n\n    %%to_static --check --input \"[None, 16]\"\n    net = paddle.nn.Sequential(paddle.nn.Linear(16, 8), paddle.nn.ReLU())\n\n    %%to_static --input \"x: [None, 4]\" --input n=3\n    def f(x, n):              # n is a Python constant: the loop is unrolled 3 times\n        for i in range(n):\n            x = x + 1\n        return x\n\n    %%to_static --spec \"[[InputSpec([None, 4]), InputSpec([None, 4])], {{'scale': 2.0}}]\"\n    def g(xs, cfg):           # nested inputs: named xs[0], xs[1]; cfg[\"scale\"] = 2.0\n        return xs[0] * cfg[\"scale\"] + xs[1]\n\nInputs are named after forward's parameters (``xs[0]``, ``cfg[\"scale\"]``) unless\nan InputSpec names them. In --spec, ``InputSpec`` and ``paddle`` are available even\nif the notebook has not imported them. A Layer's other methods decorated with\n``paddle.jit.to_static`` are converted too (``_d2s.methods``) and saved beside\nforward by --save (``PATH.<method>.json``).",
        "zh": "运行单元格，用 paddle.jit.to_static 转换其中的模型，并显示 Paddle 构建的内容。\n\n单元格先在笔记本的命名空间中运行，因此即使转换失败，它定义的一切\n仍然有效。然后找到模型（--model，或单元格定义的最后一个\npaddle.nn.Layer 实例或函数），进行转换，并显示报告：摘要（算子、参数、\n输入/输出描述、用时）、Program 计算图（见 --depth）、原始代码与转换后的源代码并排、\n算子表（算子、输入和输出形状、层、源代码行），以及逐步查看\n每个 AST 转换器（见 --lang）。转换结果保存在 ``_d2s`` 中（见 --as）。\n\n转换失败时，报告会指向单元格中出错的行（行号与笔记本中\n显示的一致），对已知原因给出提示，并把 Paddle 的完整\n信息放在可展开的开关后面。使用 --mode sot 时，报告列出 SOT 的图中断和回退\n及其原因和行号，以及 AST 模式会得到什么。--check 比较动态图\n和静态图的输出，并指出第一个输出不同的子层。\n\n示例::\n\n    %%to_static --input \"x: [None,3,32,32] float32\"\n    class Net(paddle.nn.Layer):\n        def __init__(self):\n            super().__init__()\n            self.conv = paddle.nn.Conv2D(3, 32, 3, stride=2)\n        def forward(self, x):\n            return paddle.nn.functional.relu(self.conv(x))\n    net = Net()\n\n    %%to_static --example \"paddle.randn([4, 8])\" --mode sot\n    def f(x):\n        return x * 2 if x.mean() > 0 else x - 1\n\n    %%to_static --model net --input \"[None, 16]\" --as conv\n    net = paddle.nn.Linear(16, 4)\n\n    %%to_static --check --input \"[None, 16]\"\n    net = paddle.nn.Sequential(paddle.nn.Linear(16, 8), paddle.nn.ReLU())\n\n    %%to_static --input \"x: [None, 4]\" --input n=3\n    def f(x, n):              # n 是 Python 常量：循环被展开 3 次\n        for i in range(n):\n            x = x + 1\n        return x\n\n    %%to_static --spec \"[[InputSpec([None, 4]), InputSpec([None, 4])], {{'scale': 2.0}}]\"\n    def g(xs, cfg):           # 嵌套输入：命名为 xs[0]、xs[1]；cfg[\"scale\"] = 2.0\n        return xs[0] * cfg[\"scale\"] + xs[1]\n\n输入按 forward 的参数命名（``xs[0]``、``cfg[\"scale\"]``），除非\nInputSpec 给了它们名字。在 --spec 中，即使笔记本没有导入 ``InputSpec`` 和\n``paddle``，也可以使用它们。层中其他用\n``paddle.jit.to_static`` 装饰的方法也会被转换（``_d2s.methods``），并由 --save 保存在\nforward 旁边（``PATH.<method>.json``）。",
    },
    "help.cli.description": {
        "en": "See PaddlePaddle's dynamic-to-static conversion from a terminal.",
        "zh": "在终端中查看 PaddlePaddle 的动转静过程。",
    },
    "help.cli.epilog": {
        "en": "Run 'd2s-lab COMMAND --help' for a command's options.",
        "zh": "运行 'd2s-lab COMMAND --help' 查看某个命令的选项。",
    },
    "help.cli.graph.help": {
        "en": "Draw the converted Program.",
        "zh": "绘制转换后的 Program。",
    },
    "help.cli.graph.description": {
        "en": "Convert MODULE:OBJ with paddle.jit.to_static and draw it, on the path %%to_static takes (see --mode). On the default path (sot on Paddle 3) the model runs once and the drawing is the run as Paddle executes it: each compiled subgraph a cluster, in order, the graph breaks between them; --mode ast draws the whole Program of to_static(full_graph=True), without running the model. Without -o, print the Graphviz DOT source.",
        "zh": "用 paddle.jit.to_static 转换 MODULE:OBJ 并绘图，走 %%to_static 所走的路径（见 --mode）。在默认路径上（Paddle 3 上为 sot），模型运行一次，画出 Paddle 实际执行的过程：每个编译的子图是一个簇，按顺序排列，子图之间是图中断；--mode ast 绘制 to_static(full_graph=True) 的完整 Program，不运行模型。不给 -o 时，输出 Graphviz DOT 源码。",
    },
    "help.cli.graph.output": {
        "en": "out.svg, out.png or out.dot.",
        "zh": "out.svg、out.png 或 out.dot。",
    },
    "help.cli.steps.help": {
        "en": "The source after each AST transformer.",
        "zh": "每个 AST 转换器处理后的源代码。",
    },
    "help.cli.steps.description": {
        "en": "Show how each of Paddle's AST transformers rewrites MODULE:FUNC. Without -o, list the steps.",
        "zh": "显示 Paddle 的每个 AST 转换器如何改写 MODULE:FUNC。不给 -o 时，列出各个步骤。",
    },
    "help.cli.steps.target": {
        "en": "A function or Layer, e.g. mymodels.py:forward_fn.",
        "zh": "函数或层，例如 mymodels.py:forward_fn。",
    },
    "help.cli.steps.output": {
        "en": "steps.html (one self-contained page).",
        "zh": "steps.html（一个自包含的页面）。",
    },
    "help.cli.show.help": {
        "en": "View a saved model without running it.",
        "zh": "查看保存的模型而不运行它。",
    },
    "help.cli.show.description": {
        "en": "Read a model saved by paddle.jit.save (PREFIX.json, PREFIX.pdmodel or PREFIX) without importing Paddle or unpickling anything. Without -o, print a summary and the ops.",
        "zh": "读取 paddle.jit.save 保存的模型（PREFIX.json、PREFIX.pdmodel 或 PREFIX），不导入 Paddle，也不反序列化（unpickle）任何内容。不给 -o 时，输出摘要和算子。",
    },
    "help.cli.show.path": {
        "en": "model.json, model.pdmodel, model.pdiparams or the prefix.",
        "zh": "model.json、model.pdmodel、model.pdiparams 或前缀。",
    },
    "help.cli.show.output": {
        "en": "model.svg, model.png, model.dot or model.html.",
        "zh": "model.svg、model.png、model.dot 或 model.html。",
    },
    "help.cli.report.help": {
        "en": "One self-contained HTML report of a conversion.",
        "zh": "一次转换的自包含 HTML 报告。",
    },
    "help.cli.report.description": {
        "en": "Convert MODULE:OBJ and write one HTML file (no network, no external assets) with the environment, sources, steps, graph and any error. Exits with status 1 (after writing the report) when the conversion fails.",
        "zh": "转换 MODULE:OBJ 并写出一个 HTML 文件（不联网，不依赖外部资源），包含环境、源代码、转换步骤、计算图和出现的错误。转换失败时（写完报告后）以状态 1 退出。",
    },
    "help.cli.report.output": {
        "en": "report.html",
        "zh": "report.html",
    },
    "help.cli.report.no_steps": {
        "en": "Leave out the transformer steps.",
        "zh": "不包含转换器步骤。",
    },
    "help.cli.watch.help": {
        "en": "Run a script and watch every converted function it calls.",
        "zh": "运行一个脚本并监视它调用的每个转换后的函数。",
    },
    "help.cli.watch.description": {
        "en": "Run SCRIPT (as python SCRIPT ARGS would) and record every function converted with paddle.jit.to_static that it calls: translations, recompiles and why, runs in dygraph, alerts naming what to change. --html writes one self-contained HTML report; without it the summary is printed. Exits with the script's status.",
        "zh": "运行 SCRIPT（如同 python SCRIPT ARGS），记录它调用的每个用 paddle.jit.to_static 转换的函数：翻译、重新翻译及原因、以动态图运行的次数，以及指出要改什么的提醒。--html 写出一个自包含的 HTML 报告；不给时打印摘要。以脚本的退出状态退出。",
    },
    "help.cli.watch.script": {
        "en": "The Python script to run.",
        "zh": "要运行的 Python 脚本。",
    },
    "help.cli.watch.html": {
        "en": "Write the report to this HTML file.",
        "zh": "把报告写入这个 HTML 文件。",
    },
    "help.cli.watch.args": {
        "en": "The script's own arguments (d2s-lab's --html and --lang may follow them; after -- all are the script's).",
        "zh": "脚本自己的参数（d2s-lab 的 --html 和 --lang 可以写在它们后面；-- 之后的都属于脚本）。",
    },
    "help.cli.watch.record": {
        "en": "Also write the run's record as JSON to DIR/watch-rank<N>.json, N the rank from PADDLE_TRAINER_ID or RANK (0 where neither is set).",
        "zh": "同时把这次运行的记录以 JSON 写到 DIR/watch-rank<N>.json，N 是取自 PADDLE_TRAINER_ID 或 RANK 的 rank（都未设置时为 0）。",
    },
    "help.cli.watch.merge": {
        "en": "Run no script: merge the ranks' records in DIR (written by --record) into one report, a column per rank, with --html.",
        "zh": "不运行脚本：把 DIR 中各 rank 的记录（由 --record 写出）合并成一个报告，每个 rank 一列，配合 --html 使用。",
    },
    "help.cli.bench.help": {
        "en": "Time the model in eager, to_static, Paddle Inference and ONNX Runtime.",
        "zh": "在 eager、to_static、Paddle Inference 和 ONNX Runtime 中为模型计时。",
    },
    "help.cli.bench.description": {
        "en": "Check outputs equal across runtimes, then report median latency and throughput per runtime and batch size, with one line of advice.",
        "zh": "先检查各运行时的输出是否一致，再按运行时和批大小报告延迟中位数和吞吐量，并给出一行建议。",
    },
    "help.cli.bench.output": {
        "en": "Chart (.png/.svg) or page (.html).",
        "zh": "图表（.png/.svg）或页面（.html）。",
    },
    "help.cli.labs.help": {
        "en": "Write the teaching labs: student and teacher copies; HTML handouts with --run.",
        "zh": "写出教学实验：学生版和教师版；加 --run 时还生成 HTML 讲义。",
    },
    "help.cli.labs.description": {
        "en": "Write each teaching lab that comes with d2s_lab, in English and in Chinese: student/ (no solutions, outputs cleared) and teacher/ (with solutions) notebooks for the python3 kernel. With --run, also run each lab with its solutions in a fresh kernel and write HTML handouts; exits with status 1 when a self-check does not pass.",
        "zh": "写出 d2s_lab 自带的每个教学实验，英文版和中文版各一份：适用于 python3 内核的 student/（不含答案，已清除输出）和 teacher/（含答案）笔记本。加 --run 时，还会在新内核中用答案运行每个实验并写出 HTML 讲义；有自测未通过时以状态 1 退出。",
    },
    "help.cli.labs.nbgrader": {
        "en": "write the labs as an nbgrader course instead: source/NN_name.LANG/ with solution, autograded self-check and read-only cells, and nbgrader_config.py",
        "zh": "改为把实验写成 nbgrader 课程：source/NN_name.LANG/，含答案单元格、自动评分的自测单元格和只读单元格，以及 nbgrader_config.py",
    },
    "help.cli.labs.report": {
        "en": "write the class report of an autograded nbgrader course (or of a folder of STUDENT/NN_name.LANG.ipynb): COURSE_DIR/class_report.html, or --out FILE.html",
        "zh": "写出已自动评分的 nbgrader 课程（或 STUDENT/NN_name.LANG.ipynb 文件夹）的班级报告：COURSE_DIR/class_report.html，或 --out FILE.html",
    },
    "help.cli.labs.action": {
        "en": "the same as --report COURSE_DIR",
        "zh": "等同于 --report COURSE_DIR",
    },
    "help.cli.model.target": {
        "en": "A Layer (instance or class), or a function, e.g. d2s_lab.teaching.examples:EmbeddingNet.",
        "zh": "层（实例或类）或函数，例如 d2s_lab.teaching.examples:EmbeddingNet。",
    },
    "help.cli.labs.out": {
        "en": "output folder (default ./{out}; never inside the installed package)",
        "zh": "输出文件夹（默认 ./{out}；绝不会放在已安装的包内）",
    },
    "help.cli.labs.lang": {
        "en": "languages, comma separated (default en,zh)",
        "zh": "语言，逗号分隔（默认 en,zh）",
    },
    "help.cli.labs.only": {
        "en": "lab numbers or names, comma separated (default: all)",
        "zh": "实验编号或名称，逗号分隔（默认：all）",
    },
    "help.cli.labs.run": {
        "en": "also run each lab with its solutions in a fresh kernel of this Python and write HTML handouts (needs nbclient, nbconvert, ipykernel: d2s_lab[notebook])",
        "zh": "同时在这个 Python 的新内核中用答案运行每个实验并写出 HTML 讲义（需要 nbclient、nbconvert、ipykernel：d2s_lab[notebook]）",
    },
    "help.cli.labs.quick": {
        "en": "with --run: quick mode (D2S_QUICK=1), shorter benchmarks, as CI runs them",
        "zh": "配合 --run：快速模式（D2S_QUICK=1），基准测试更短，与 CI 中的运行方式相同",
    },
    "help.cli.labs.labs": {
        "en": "folder of NN_name.ipynb lab notebooks (default: the labs that come with d2s_lab)",
        "zh": "NN_name.ipynb 实验笔记本所在的文件夹（默认：d2s_lab 自带的实验）",
    },
    "help.d2s_profile.name": {
        "en": "The conversion to profile (default: _d2s, the last %%to_static cell's).",
        "zh": "要分析的转换结果（默认：_d2s，即上一个 %%to_static 单元格的结果）。",
    },
    "help.d2s_profile.as_": {
        "en": "Variable that receives the ProfileResult (default: _d2s_profile).",
        "zh": "接收 ProfileResult 的变量（默认：_d2s_profile）。",
    },
    "help.d2s_profile.doc": {
        "en": "Show where a converted function's call spends its time.\n\nThe function runs as you run it, after warm-up, first without and then under\nPaddle's profiler (both times are shown: the profiler's own cost). On the AST\npath each op of the Program gets its time per call, its layer and source line,\nsummed per line and per layer; on the default (SOT) path each compiled\nsubgraph, the dygraph stretch between them and the graph break that caused it\n(\"the print at line 14 costs 4.2 ms of 9.8 ms per call\"). The path's outputs are\nchecked against dygraph's; with --whatif, dygraph, SOT, SOT with\nMIN_GRAPH_SIZE=0 and AST full_graph=True are also timed side by side on the\nsame inputs (each path converted first: several times the profile's cost).\nOne live line shows the stage, the calls done and the time left. Paddle's flags and caches\nare left as found. Same as ``d2s_lab.profile(conv)``.\n\nExamples::\n\n    %d2s_profile                    # the last %%to_static cell's conversion\n    %d2s_profile net_s --calls 50 --budget 60\n    %d2s_profile --whatif\n    %d2s_profile --lang zh",
        "zh": "显示转换后函数的一次调用把时间花在哪里。\n\n函数按你的用法运行，预热之后先不开、再开启 Paddle 的分析器（两个时间都会显示：\n即分析器自身的开销）。在 AST 路径上，Program 的每个算子给出每次调用的时间、\n所在层和源代码行，并按行、按层汇总；在默认（SOT）路径上，给出每个编译的子图、\n子图之间以动态图运行的部分以及造成它的图中断（“第 14 行的 print 每次调用\n花费 4.2 ms，共 9.8 ms”）。这条路径的输出会与动态图核对；使用 --whatif 时，\n还会在同样的输入上并列计时动态图、SOT、MIN_GRAPH_SIZE=0 的 SOT 以及\nAST full_graph=True（每条路径先各转换一次：代价是分析本身的数倍）。\n一行实时进度显示当前阶段、已完成的调用和剩余时间。Paddle 的开关和缓存保持原样。等同于 ``d2s_lab.profile(conv)``。\n\n示例::\n\n    %d2s_profile                    # 上一个 %%to_static 单元格的转换结果\n    %d2s_profile net_s --calls 50 --budget 60\n    %d2s_profile --whatif\n    %d2s_profile --lang zh",
    },
    "help.opt.profile_calls": {
        "en": "Calls profiled (half as many, not under 3, are timed without the profiler; about twice as many per path). Default: 20.",
        "zh": "分析的调用次数（不开分析器时计时其一半，不少于 3 次；每条路径约两倍）。默认：20。",
    },
    "help.opt.profile_train": {
        "en": "Profile a training step (forward, backward, an SGD update) of copies of the model, the converted step against dygraph's; ops summed by type and phase.",
        "zh": "分析模型副本的一个训练步（前向、反向、一次 SGD 更新），转换后的训练步与动态图对比；算子按类型和阶段汇总。",
    },
    "help.opt.profile_device": {
        "en": "cpu (default) or gpu (a CUDA build of Paddle).",
        "zh": "cpu（默认）或 gpu（需要 CUDA 版 Paddle）。",
    },
    "help.opt.profile_budget": {
        "en": "Seconds the whole profile may take: fewer calls (not under 3) and fewer paths are timed to fit, and the report says so. Default: no limit.",
        "zh": "整个分析可用的秒数：为此会减少调用次数（不少于 3 次）和计时的路径，并在报告中注明。默认：不限时。",
    },
    "help.opt.profile_whatif": {
        "en": "Also time every other path side by side (dygraph, SOT, SOT with MIN_GRAPH_SIZE=0, AST full_graph=True), each checked against dygraph's outputs. Off by default: each path not yet converted is converted first, and the paths' rounds take about twice the calls each, several times the profile itself.",
        "zh": "同时并列计时其他每条路径（动态图、SOT、MIN_GRAPH_SIZE=0 的 SOT、AST full_graph=True），每条都与动态图的输出核对。默认关闭：尚未转换的路径要先各转换一次，各路径的轮流计时每条约为调用次数的两倍，是分析本身的数倍。",
    },
    "help.cli.profile.help": {
        "en": "Show where a converted model's call spends its time.",
        "zh": "显示转换后模型的一次调用把时间花在哪里。",
    },
    "help.cli.profile.description": {
        "en": "Profile the model's converted forward (Paddle's default path unless --mode ast): time per op, line and layer, or per subgraph and graph break, and with --whatif each path side by side.",
        "zh": "分析模型转换后的 forward（除非指定 --mode ast，否则为 Paddle 的默认路径）：按算子、行和层，或按子图和图中断给出时间；使用 --whatif 时并列计时各条路径。",
    },
    "help.cli.profile.output": {
        "en": "Write the report as a page (.html).",
        "zh": "把报告写成页面（.html）。",
    },
}
