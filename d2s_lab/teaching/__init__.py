"""Teaching: the students' self-checks (``checks``, imported as ``d2s_lab.lab``), the lab
handout builder (``handouts``), the labs as an nbgrader course (``course``) and the class
report read from the students' notebooks (``class_report``), the CIFAR-10 image-search
demo (``demo``, ``datasets``) and the example models they use (``examples``)."""
