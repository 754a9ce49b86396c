"""The rules: pure Python, no Django, deterministic given a seed (docs/architecture.md)."""

import os

# The exact chain's arrays are small (thousands of cells): BLAS threads cost more to wake and
# join than they save, and on a loaded 2-core machine the chain ran 6 times slower with them
# (about 1 s against 155 ms). One thread, unless the deployer says otherwise; set before numpy
# is first imported, which only rules/ does.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
