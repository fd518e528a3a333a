"""Teaching: the students' self-checks (``checks``, imported as ``d2s_lab.lab``), the lab
handout builder (``handouts``), the CIFAR-10 image-search demo (``demo``, ``datasets``)
and the example models they use (``examples``)."""
