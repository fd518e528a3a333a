"""Words of the nbgrader course (d2s-lab labs --nbgrader) and of the class report (d2s-lab labs report)."""

TEXTS = {
    "course.written": {
        "en": "Wrote {n} nbgrader assignments to {path}. Next, in that folder: nbgrader generate_assignment {first}",
        "zh": "已将 {n} 个 nbgrader 作业写入 {path}。接下来在该文件夹中运行：nbgrader generate_assignment {first}",
    },
    "course.report_written": {
        "en": "Class report of {labs} lab(s) and {students} student(s): {path}",
        "zh": "{labs} 个实验、{students} 名学生的班级报告：{path}",
    },
    "course.report_usage": {
        "en": "Use: d2s-lab labs report COURSE_DIR (an nbgrader course after nbgrader autograde, or a folder of STUDENT/NN_name.LANG.ipynb)",
        "zh": "用法：d2s-lab labs report COURSE_DIR（已运行 nbgrader autograde 的 nbgrader 课程，或包含 学生/NN_name.LANG.ipynb 的文件夹）",
    },
    "course.no_folder": {
        "en": "{path} is not a folder: give the course folder (or the folder of collected notebooks).",
        "zh": "{path} 不是文件夹：请给出课程文件夹（或收集到的笔记本所在的文件夹）。",
    },
    "course.report_title": {
        "en": "d2s_lab labs: class report",
        "zh": "d2s_lab 实验：班级报告",
    },
    "course.report_intro": {
        "en": "{students} student(s), {labs} lab(s), read from {source}. Each row is one self-check; no student code was run to build this page.",
        "zh": "{students} 名学生、{labs} 个实验，读取自 {source}。每一行是一个自测；生成本页时没有运行任何学生代码。",
    },
    "course.report_empty": {
        "en": "No graded notebooks found: run nbgrader autograde first, or give a folder of STUDENT/NN_name.LANG.ipynb.",
        "zh": "没有找到已评分的笔记本：请先运行 nbgrader autograde，或给出包含 学生/NN_name.LANG.ipynb 的文件夹。",
    },
    "course.students_in_lab": {
        "en": "{n} of the class's {total} student(s) handed in this lab; each exercise counts the class, those who did not hand it in as not attempted.",
        "zh": "全班 {total} 名学生中有 {n} 名提交了这个实验；每道练习都按全班计数，未提交的学生列为未作答。",
    },
    "course.copies_unreadable": {
        "en": "Handed in but could not be read, so counted as not handed in (ask for a fresh copy): {items}.",
        "zh": "已提交但无法读取，因此按未提交计（请学生重新提交一份）：{items}。",
    },
    "course.copy_not_notebook": {
        "en": "not a notebook ({error})",
        "zh": "不是笔记本（{error}）",
    },
    "course.copy_too_large": {
        "en": "{mb} MB, over the {limit} MB a copy is read up to",
        "zh": "{mb} MB，超过读取上限 {limit} MB",
    },
    "course.released_unsubmitted": {
        "en": "Released, but no one has handed it in yet (no submission of it has been graded): each exercise shows the class's {n} student(s) as not attempted.",
        "zh": "已发布，但还没有人提交（还没有评过它的任何提交）：每道练习都把全班 {n} 名学生列为未作答。",
    },
    "course.overview_title": {
        "en": "Self-checks passed, per student and lab",
        "zh": "每名学生在各实验中通过的自测",
    },
    "course.by_student": {
        "en": "Each student, each exercise (with the student's own messages)",
        "zh": "每位学生、每道练习（附该学生自己的提示信息）",
    },
    "course.col_student": {
        "en": "Student",
        "zh": "学生",
    },
    "course.exercise": {
        "en": "Exercise {n}",
        "zh": "练习 {n}",
    },
    "course.col_exercise": {
        "en": "Self-check",
        "zh": "自测",
    },
    "course.col_failures": {
        "en": "Most common messages when not passing (students)",
        "zh": "未通过时最常见的提示（学生人数）",
    },
    "course.passed": {
        "en": "passed",
        "zh": "通过",
    },
    "course.failed": {
        "en": "not yet",
        "zh": "尚未通过",
    },
    "course.not_attempted": {
        "en": "not attempted",
        "zh": "未作答",
    },
    "course.not_run": {
        "en": "The self-check did not run.",
        "zh": "自测没有运行。",
    },
    "course.overview_points": {
        "en": "Points per student and lab (from nbgrader's gradebook)",
        "zh": "每名学生在各实验中的得分（来自 nbgrader 的成绩库）",
    },
    "course.source_gradebook": {
        "en": "Scores from nbgrader's gradebook ({path}), manual grades included; failure messages from the autograded notebooks.",
        "zh": "得分来自 nbgrader 的成绩库（{path}），包括手动评分；未通过的提示来自自动评分后的笔记本。",
    },
    "course.source_autograded": {
        "en": "Scores from the autograded notebooks (a test cell without an error passed); no gradebook was read.",
        "zh": "得分来自自动评分后的笔记本（没有报错的测试单元格即为通过）；没有读取成绩库。",
    },
    "course.source_collected": {
        "en": "Verdicts from the self-check boxes in the collected notebooks (no nbgrader course).",
        "zh": "结论来自收集到的笔记本中的自测框（不是 nbgrader 课程）。",
    },
    "course.gb_unreadable": {
        "en": "{path} could not be read ({problem}).",
        "zh": "无法读取 {path}（{problem}）。",
    },
    "course.gb_not_sqlite": {
        "en": "it is not an SQLite database",
        "zh": "它不是 SQLite 数据库",
    },
    "course.gb_sqlite": {
        "en": "SQLite says: {message}",
        "zh": "SQLite 报告：{message}",
    },
    "course.gb_too_large": {
        "en": "more than {rows} grades: not a class's gradebook",
        "zh": "成绩超过 {rows} 条：不像是一个班级的成绩库",
    },
    "course.gb_too_slow": {
        "en": "reading it took too long: not an nbgrader gradebook",
        "zh": "读取耗时过长：不像是 nbgrader 的成绩库",
    },
}
