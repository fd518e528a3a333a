"""Words of the saved-model view (``%d2s_show``) and the report's saved-files section."""

TEXTS = {
    "saved.method": {
        "en": "Method {method}: {file} ({n} ops)",
        "zh": "方法 {method}：{file}（{n} 个算子）",
    },
    "saved.title": {
        "en": "Saved model: {name}",
        "zh": "已保存的模型：{name}",
    },
    "saved.graph": {
        "en": "Graph",
        "zh": "计算图",
    },
    "saved.bytes": {
        "en": "{n} bytes",
        "zh": "{n} 字节",
    },
    "saved.files": {
        "en": "Files",
        "zh": "文件",
    },
    "saved.col_file": {
        "en": "file",
        "zh": "文件",
    },
    "saved.col_size": {
        "en": "size",
        "zh": "大小",
    },
    "saved.parameters": {
        "en": "Parameters ({n})",
        "zh": "参数（{n}）",
    },
    "saved.col_name": {
        "en": "name",
        "zh": "名称",
    },
    "saved.col_structured": {
        "en": "structured name",
        "zh": "结构化名称",
    },
    "saved.col_shape": {
        "en": "shape",
        "zh": "形状",
    },
    "saved.col_dtype": {
        "en": "dtype",
        "zh": "dtype",
    },
    "saved.col_elements": {
        "en": "elements",
        "zh": "元素数",
    },
    "saved.ops": {
        "en": "Ops ({n})",
        "zh": "算子（{n}）",
    },
    "saved.also_saved": {
        "en": "Also saved under this prefix: {names} (sections below).",
        "zh": "同一前缀下还保存了：{names}（见下方各部分）。",
    },
    "saved.saved_with": {
        "en": "Saved with paddle.jit.save",
        "zh": "已用 paddle.jit.save 保存",
    },
    "saved.view_it": {
        "en": "View it without running it: {command}",
        "zh": "无需运行即可查看：{command}",
    },
    "saved.what_file": {
        "en": "file",
        "zh": "文件",
    },
    "saved.what_program": {
        "en": "program file",
        "zh": "程序文件",
    },
    "saved.what_params": {
        "en": "parameter file",
        "zh": "参数文件",
    },
    "saved.what_info": {
        "en": "parameter info file",
        "zh": "参数信息文件",
    },
    "saved.no_such": {
        "en": "no such {what}.",
        "zh": "没有这个{what}。",
    },
    "saved.no_such_hint": {
        "en": "Give the path of a saved model (.json, .pdmodel or the prefix passed to paddle.jit.save).",
        "zh": "请给出已保存模型的路径（.json、.pdmodel，或传给 paddle.jit.save 的前缀）。",
    },
    "saved.is_dir": {
        "en": "is a directory, not a model file.",
        "zh": "是一个目录，不是模型文件。",
    },
    "saved.is_dir_hint": {
        "en": "Give the .json or .pdmodel file inside it (or its prefix).",
        "zh": "请给出其中的 .json 或 .pdmodel 文件（或它的前缀）。",
    },
    "saved.not_regular": {
        "en": "is not a regular file.",
        "zh": "不是普通文件。",
    },
    "saved.unreadable": {
        "en": "cannot be read ({error}).",
        "zh": "无法读取（{error}）。",
    },
    "saved.too_big": {
        "en": "is {size} MiB, more than the {limit} MiB this viewer reads.",
        "zh": "大小为 {size} MiB，超过了查看器读取的上限 {limit} MiB。",
    },
    "saved.too_big_hint": {
        "en": "Raise d2s_lab.core.saved.safe_io.LIMITS to read it anyway.",
        "zh": "调大 d2s_lab.core.saved.safe_io.LIMITS 即可照样读取。",
    },
    "saved.none_here": {
        "en": "no saved model here: found neither {stem}.json nor {stem}.pdmodel.",
        "zh": "这里没有已保存的模型：既没有 {stem}.json，也没有 {stem}.pdmodel。",
    },
    "saved.none_here_hint": {
        "en": "Give the path (or prefix) passed to paddle.jit.save.",
        "zh": "请给出传给 paddle.jit.save 的路径（或前缀）。",
    },
    "saved.is_params": {
        "en": "is a parameter file (.pdiparams), not a program.",
        "zh": "是参数文件（.pdiparams），不是程序。",
    },
    "saved.is_params_hint": {
        "en": "Give the .json or .pdmodel next to it.",
        "zh": "请给出它旁边的 .json 或 .pdmodel。",
    },
    "saved.is_pickle": {
        "en": "is a pickle, not a program.",
        "zh": "是 pickle 文件，不是程序。",
    },
    "saved.is_pickle_hint": {
        "en": "Give the .json or .pdmodel of the saved model.",
        "zh": "请给出已保存模型的 .json 或 .pdmodel。",
    },
    "saved.note_method_unread": {
        "en": "{file} ({method}) could not be read: {problem}",
        "zh": "无法读取 {file}（{method}）：{problem}",
    },
    "saved.note_many_tensors": {
        "en": "{file} holds more than {limit} tensors: only the first {n} were read, and none is named (raise d2s_lab.core.saved.safe_io.LIMITS.param_tensors to read them all).",
        "zh": "{file} 含有超过 {limit} 个张量：只读取了前 {n} 个，且都没有命名（调大 d2s_lab.core.saved.safe_io.LIMITS.param_tensors 可全部读取）。",
    },
    "saved.note_no_params": {
        "en": "No {file} beside the program: parameter shapes come from the program only.",
        "zh": "程序旁边没有 {file}：参数形状只取自程序。",
    },
    "saved.note_count_differs": {
        "en": "The program declares {declared} persistable tensors but the parameter file holds {held}; names are not assigned.",
        "zh": "程序声明了 {declared} 个持久化张量，但参数文件里有 {held} 个；因此没有分配名字。",
    },
    "saved.note_shapes_differ": {
        "en": "{n} parameter shapes in the parameter file differ from the program (first: {first}); the files may not belong together.",
        "zh": "参数文件中有 {n} 个参数形状与程序不同（第一个：{first}）；这些文件可能不是同一个模型的。",
    },
    "saved.json_too_deep": {
        "en": "JSON nested too deeply to be a Paddle program.",
        "zh": "JSON 嵌套太深，不可能是 Paddle 程序。",
    },
    "saved.not_utf8": {
        "en": "is not UTF-8 text, so not a PIR .json program.",
        "zh": "不是 UTF-8 文本，所以不是 PIR .json 程序。",
    },
    "saved.not_json": {
        "en": "is not valid JSON ({error}).",
        "zh": "不是有效的 JSON（{error}）。",
    },
    "saved.not_json_hint": {
        "en": "A PIR program file is the PREFIX.json written by paddle.jit.save; this one may be truncated.",
        "zh": "PIR 程序文件是 paddle.jit.save 写出的 PREFIX.json；这个文件可能不完整。",
    },
    "saved.no_base_code": {
        "en": "is JSON but has no 'base_code' header: not a PIR program.",
        "zh": "是 JSON，但没有 'base_code' 头：不是 PIR 程序。",
    },
    "saved.bad_magic": {
        "en": "has magic {magic}, not 'pir': not a PIR program saved by Paddle.",
        "zh": "magic 是 {magic} 而不是 'pir'：不是 Paddle 保存的 PIR 程序。",
    },
    "saved.no_program_object": {
        "en": "has no 'program' object.",
        "zh": "没有 'program' 对象。",
    },
    "saved.too_deep": {
        "en": "nested too deeply to be a Paddle program.",
        "zh": "嵌套太深，不可能是 Paddle 程序。",
    },
    "saved.malformed": {
        "en": "has a malformed program structure ({error}).",
        "zh": "程序结构有误（{error}）。",
    },
    "saved.malformed_hint": {
        "en": "The file is not a PIR program saved by paddle.jit.save, or it is damaged; save the model again.",
        "zh": "这个文件不是 paddle.jit.save 保存的 PIR 程序，或者已经损坏；请重新保存模型。",
    },
    "saved.empty": {
        "en": "is empty.",
        "zh": "是空文件。",
    },
    "saved.too_many_vars": {
        "en": "declares more than {n} variables, more than this viewer reads.",
        "zh": "声明了超过 {n} 个变量，超过了查看器读取的上限。",
    },
    "saved.read_too_long_hint": {
        "en": "To read it anyway, give it more time: d2s_lab.core.saved.safe_io.LIMITS.read_seconds = 60",
        "zh": "若仍要读取，请给它更多时间：d2s_lab.core.saved.safe_io.LIMITS.read_seconds = 60",
    },
    "saved.read_too_long": {
        "en": "took more than {n} s of CPU to read (stopped after {done} ops), more than this viewer spends on one file.",
        "zh": "读取用了超过 {n} 秒 CPU 时间（读到第 {done} 个算子时停止），超过了查看器在一个文件上花费的上限。",
    },
    "saved.not_protobuf": {
        "en": "is not a Paddle ProgramDesc protobuf ({error}).",
        "zh": "不是 Paddle 的 ProgramDesc protobuf（{error}）。",
    },
    "saved.not_protobuf_hint": {
        "en": "A legacy model file is the PREFIX.pdmodel written by paddle.jit.save or save_inference_model; it may be truncated.",
        "zh": "旧格式的模型文件是 paddle.jit.save 或 save_inference_model 写出的 PREFIX.pdmodel；这个文件可能不完整。",
    },
    "saved.too_many_tensors": {
        "en": "holds more than {n} tensors, more than this viewer reads.",
        "zh": "含有超过 {n} 个张量，超过了查看器读取的上限。",
    },
    "saved.part_header": {
        "en": "header",
        "zh": "头部",
    },
    "saved.part_lod": {
        "en": "LoD",
        "zh": "LoD",
    },
    "saved.part_descriptor": {
        "en": "descriptor",
        "zh": "描述符",
    },
    "saved.truncated_in": {
        "en": "truncated: tensor {k} ends inside its {what} (at byte {at} of {size}).",
        "zh": "文件不完整：张量 {k} 在它的{what}中间结束（第 {at} 字节，共 {size} 字节）。",
    },
    "saved.truncated_hint": {
        "en": "The file was cut short; save the model again.",
        "zh": "文件被截断了；请重新保存模型。",
    },
    "saved.tensor_version": {
        "en": "tensor {k} has version {version}, not 0: this is not a Paddle .pdiparams tensor stream.",
        "zh": "张量 {k} 的版本是 {version} 而不是 0：这不是 Paddle 的 .pdiparams 张量流。",
    },
    "saved.tensor_lod_levels": {
        "en": "tensor {k} declares {n} LoD levels (absurd); the file is corrupt.",
        "zh": "张量 {k} 声明了 {n} 层 LoD（不合理）；文件已损坏。",
    },
    "saved.tensor_lod_bytes": {
        "en": "tensor {k} declares a {n}-byte LoD but only {left} bytes remain.",
        "zh": "张量 {k} 声明了 {n} 字节的 LoD，但只剩 {left} 字节。",
    },
    "saved.tensor_tversion": {
        "en": "tensor {k} has tensor version {version}, not 0.",
        "zh": "张量 {k} 的张量版本是 {version} 而不是 0。",
    },
    "saved.tensor_desc_size": {
        "en": "tensor {k} declares a {n}-byte descriptor (absurd); the file is corrupt.",
        "zh": "张量 {k} 声明了 {n} 字节的描述符（不合理）；文件已损坏。",
    },
    "saved.tensor_bad_desc": {
        "en": "tensor {k}: bad descriptor ({error}).",
        "zh": "张量 {k}：描述符有误（{error}）。",
    },
    "saved.tensor_many_dims": {
        "en": "tensor {k} has {n} dimensions (absurd).",
        "zh": "张量 {k} 有 {n} 个维度（不合理）。",
    },
    "saved.tensor_negative_dim": {
        "en": "tensor {k} has a negative dimension {dims}.",
        "zh": "张量 {k} 有负的维度 {dims}。",
    },
    "saved.tensor_unknown_type": {
        "en": "tensor {k} has unknown element type {dtype}.",
        "zh": "张量 {k} 的元素类型 {dtype} 未知。",
    },
    "saved.tensor_data_short": {
        "en": "tensor {k} {dims} {dtype} declares {n} bytes of data but only {left} remain: truncated or corrupt.",
        "zh": "张量 {k} {dims} {dtype} 声明了 {n} 字节数据，但只剩 {left} 字节：文件不完整或已损坏。",
    },
    "saved.pir_operand": {
        "en": "an operand is a {type}, not an object with '%'.",
        "zh": "有一个操作数是 {type}，而不是带 '%' 的对象。",
    },
    "saved.pir_value_id": {
        "en": "a value id is {vid}, not an integer.",
        "zh": "有一个值的 id 是 {vid}，不是整数。",
    },
    "saved.pir_regions_deep": {
        "en": "regions nested more than {n} deep.",
        "zh": "region 嵌套超过 {n} 层。",
    },
    "saved.pir_regions_list": {
        "en": "'regions' is not a list.",
        "zh": "'regions' 不是列表。",
    },
    "saved.pir_region_blocks": {
        "en": "a region has no 'blocks' list.",
        "zh": "有一个 region 没有 'blocks' 列表。",
    },
    "saved.pir_block_ops": {
        "en": "block {block} is not an object with an 'ops' list.",
        "zh": "块 {block} 不是带 'ops' 列表的对象。",
    },
    "saved.pir_block_args": {
        "en": "block {block} has non-list 'args'.",
        "zh": "块 {block} 的 'args' 不是列表。",
    },
    "saved.pir_arg_object": {
        "en": "block {block} argument {k} is not an object.",
        "zh": "块 {block} 的参数 {k} 不是对象。",
    },
    "saved.pir_arg_id": {
        "en": "block {block} argument {k} has no integer id.",
        "zh": "块 {block} 的参数 {k} 没有整数 id。",
    },
    "saved.pir_op_name": {
        "en": "an op in block {block} has no name ('#').",
        "zh": "块 {block} 中有一个算子没有名字（'#'）。",
    },
    "saved.too_many_ops": {
        "en": "holds more than {n} ops, more than this viewer reads.",
        "zh": "含有超过 {n} 个算子，超过了查看器读取的上限。",
    },
    "saved.pir_op_attrs": {
        "en": "op {op} has non-list attributes.",
        "zh": "算子 {op} 的属性不是列表。",
    },
    "saved.pir_op_io": {
        "en": "op {op} has malformed inputs or outputs.",
        "zh": "算子 {op} 的输入或输出格式有误。",
    },
    "saved.pir_no_blocks": {
        "en": "the program has no blocks.",
        "zh": "程序中没有任何块。",
    },
    "saved.too_many_slot_operands": {
        "en": "an op's {slot} has more than {limit} operands, more than this viewer reads.",
        "zh": "某个算子的 {slot} 有超过 {limit} 个操作数，超过了查看器读取的上限。",
    },
    "saved.too_many_operands": {
        "en": "op {op} has {n} operands, more than the {limit} this viewer reads.",
        "zh": "算子 {op} 有 {n} 个操作数，超过了查看器读取的上限 {limit}。",
    },
    "saved.block_contains_itself": {
        "en": "block {block} contains itself.",
        "zh": "块 {block} 包含了它自己。",
    },
    "saved.blocks_too_deep": {
        "en": "sub-blocks nested more than {n} deep.",
        "zh": "子块嵌套超过 {n} 层。",
    },
    "saved.block_missing": {
        "en": "op {op} refers to block {block}, which is missing.",
        "zh": "算子 {op} 引用了不存在的块 {block}。",
    },
    "saved.info_ops": {
        "en": "takes more than {n} operations",
        "zh": "需要超过 {n} 步操作",
    },
    "saved.info_opcode": {
        "en": "unsupported pickle opcode {op} at offset {at}.",
        "zh": "偏移 {at} 处有不支持的 pickle 操作码 {op}。",
    },
    "saved.info_opcode_hint": {
        "en": "Only plain containers and strings are read from .pdiparams.info.",
        "zh": "从 .pdiparams.info 中只读取普通的容器和字符串。",
    },
    "saved.info_refused_shape": {
        "en": "refused: its pickle data {problem}, which a genuine .pdiparams.info never has.",
        "zh": "已拒绝：它的 pickle 数据{problem}，真正的 .pdiparams.info 从不会这样。",
    },
    "saved.info_refused_shape_hint": {
        "en": "A genuine .pdiparams.info is a flat dict of parameter names; this file may be hostile. Limits: d2s_lab.core.saved.safe_io.LIMITS.",
        "zh": "真正的 .pdiparams.info 是参数名组成的扁平字典；这个文件可能是恶意的。上限见 d2s_lab.core.saved.safe_io.LIMITS。",
    },
    "saved.info_items": {
        "en": "holds a container of more than {n} items",
        "zh": "含有元素超过 {n} 个的容器",
    },
    "saved.info_self": {
        "en": "holds a container inside itself",
        "zh": "含有包含自身的容器",
    },
    "saved.info_deep": {
        "en": "nests containers more than {n} deep",
        "zh": "容器嵌套超过 {n} 层",
    },
    "saved.info_key": {
        "en": "uses a {type} as a dict key or set item",
        "zh": "把 {type} 用作字典的键或集合的元素",
    },
    "saved.info_changed": {
        "en": "changes a container after placing it inside another",
        "zh": "在把容器放进另一个容器之后又修改了它",
    },
    "saved.info_code": {
        "en": "refused: its pickle data uses {opcode}, which would import or call code when loaded.",
        "zh": "已拒绝：它的 pickle 数据使用了 {opcode}，加载时会导入或调用代码。",
    },
    "saved.info_code_hint": {
        "en": "A genuine .pdiparams.info holds only plain dicts and strings. Do not load this model with paddle.jit.load or pickle; it may be hostile.",
        "zh": "真正的 .pdiparams.info 只含普通的字典和字符串。不要用 paddle.jit.load 或 pickle 加载这个模型；它可能是恶意的。",
    },
    "saved.info_not_dict": {
        "en": "holds a {type}, not the expected dict of parameter names.",
        "zh": "含有的是 {type}，而不是预期的参数名字典。",
    },
}
