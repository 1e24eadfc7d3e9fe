import ast, sys, traceback, os
sys.path.insert(0, "/work/wt/devhm")
from codemods.analysis import script_run
for f in sys.argv[1:]:
    run = script_run.ScriptRun(ast.parse(open(f).read()))
    try: run.run_module(); print(f, "finished")
    except BaseException as e:
        tb = traceback.extract_tb(e.__traceback__)
        print(f, type(e).__name__, e)
        for t in tb[-4:]: print("   ", t.filename.split('/')[-1], t.lineno, t.line)
