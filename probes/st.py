import ast, sys, traceback
sys.path.insert(0, "/work/wt/devhm")
from codemods.analysis import state_runs, script_run
from codemods.rules._diagnosis import Judge
from codemods.analysis.host_objects import Bail
orig = script_run.ScriptRun.run_module
def rm(self):
    try:
        return orig(self)
    except (Bail,) as e:
        tb = traceback.extract_tb(e.__traceback__)
        print("   BAIL", [ (t.filename.split('/')[-1], t.lineno, t.line) for t in tb[-3:]])
        raise
    except BaseException as e:
        print("   ", type(e).__name__, str(e)[:100])
        raise
script_run.ScriptRun.run_module = rm
from codemods.context import FileContext
import inspect
for f in sys.argv[1:]:
    print(f)
    from codemods.analysis import script_run as sr
    src = open(f).read()
    # mimic ctx minimal
    class Ctx:
        tree = ast.parse(src); source = src; target = None
        _c = {}
        def cached(self, k, b):
            return b()
    try:
        s = state_runs.state_stop(Ctx(), Judge(None))
        print("  stop:", s and s.problem)
    except Exception as e:
        print("  err", type(e).__name__, e)
