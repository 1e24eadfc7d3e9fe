import ast, sys, traceback
sys.path.insert(0, "/work/wt/devhm")
from codemods.analysis import script_run, script_jax, script_builtins
last = []
orig = script_jax.library_call
def spy(run, name, *a, **k):
    try:
        return orig(run, name, *a, **k)
    except BaseException as e:
        if type(e).__name__ == "Bail":
            last.append((name, [type(x).__name__ for x in a[0]] if a else "", list(a[1]) if len(a)>1 else ""))
        raise
script_jax.library_call = spy
script_builtins.library_call = spy
for f in sys.argv[1:]:
    last.clear()
    run = script_run.ScriptRun(ast.parse(open(f).read()))
    try: run.run_module(); print(f, "finished")
    except BaseException as e: print(f, type(e).__name__, last[-1:] )
