"""One module per section of the bench, each with one `run(scale, report)`.

bench/run.py imports a section's module only when the section runs: dice, bouts and races are
pure Python; ledger and show import Django models at the top, so they are imported after the
harness's `Database` has called `django.setup()`.
"""
