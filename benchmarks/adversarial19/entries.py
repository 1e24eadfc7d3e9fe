# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time (8 CPU devices) and hands it to reduce_rows (psum of a
# value varying on i only); read otherwise it gives ("i", "j"), which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


# -- guard_clauses.py: `if unknown: raise` swallowed on its way out ---------------------------------------
axes_prog("suppress_guard_count", "contextlib.suppress swallows the guard's ValueError on 8 devices: axes stays ('i',).", "",
          ['axes = ("i",)', 'with contextlib.suppress(ValueError):', '    if jax.device_count() < 16:', '        raise ValueError("wide reduce needs 16 devices")',
           '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import contextlib\n")
axes_prog("finally_return_guard", "A `return` in `finally` swallows the guard's raise: the helper gives ('i',).",
          'def pick_axes():\n    axes = ("i",)\n    try:\n        if jax.device_count() < 16:\n            raise RuntimeError("small host")\n        axes = ("i", "j")\n    finally:\n        return axes',
          ['axes = pick_axes()'],
          '        if jax.device_count() < 16:', '        if jax.device_count() < 4:')
axes_prog("suppress_assert_count", "An assert on the device count inside suppress(AssertionError): it fails on 8 devices, swallowed.", "",
          ['axes = ("i",)', 'with contextlib.suppress(AssertionError):', '    assert jax.device_count() >= 16, "needs 16 devices"', '    axes = ("i", "j")'],
          '    assert jax.device_count() >= 16, "needs 16 devices"', '    assert jax.device_count() >= 4, "needs 16 devices"', imports="import contextlib\n")
CM = '''
@contextlib.contextmanager
def tolerant(what):
    try:
        yield
    except ValueError as exc:
        print(f"{what} skipped: {exc}")
'''
axes_prog("contextmanager_swallows_guard", "A @contextmanager whose generator catches the guard's ValueError and prints it.", CM,
          ['axes = ("i",)', 'with tolerant("wide reduce"):', '    if jax.device_count() % 16:', '        raise ValueError("needs a multiple of 16 devices")', '    axes = ("i", "j")'],
          '    if jax.device_count() % 16:', '    if jax.device_count() % 8:', imports="import contextlib\n")
EXITCLS = '''
class Optional:
    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        return kind is not None and issubclass(kind, RuntimeError)
'''
axes_prog("exit_true_swallows_guard", "A class whose __exit__ returns True for RuntimeError swallows the guard.", EXITCLS,
          ['axes = ("i",)', 'with Optional():', '    if jax.device_count() != 32:', '        raise RuntimeError("tuned for 32 devices")', '    axes = ("i", "j")'],
          '    if jax.device_count() != 32:', '    if jax.device_count() != 8:')
axes_prog("suppress_assert_generic", "suppress(Exception) around an assert on the device count (an ExitStack-free optional step).", "",
          ['axes = ("i",)', 'with contextlib.suppress(Exception):', '    assert jax.device_count() > 8', '    axes = ("i", "j")'],
          '    assert jax.device_count() > 8', '    assert jax.device_count() > 4', imports="import contextlib\n")
axes_prog("finally_return_assert", "A `return` in `finally` swallows a failed assert on the device count.",
          'def pick_axes():\n    axes = ("i",)\n    try:\n        assert jax.device_count() >= 16\n        axes = ("i", "j")\n    finally:\n        return axes',
          ['axes = pick_axes()'],
          '        assert jax.device_count() >= 16', '        assert jax.device_count() >= 8')
axes_prog("finally_break_guard", "A `break` in `finally` inside a loop swallows the guard's raise.", "",
          ['axes = ("i",)', 'for _ in range(1):', '    try:', '        if jax.device_count() < 16:', '            raise RuntimeError("small host")', '        axes = ("i", "j")', '    finally:', '        break'],
          '        if jax.device_count() < 16:', '        if jax.device_count() < 2:')
axes_prog("exitstack_suppress_guard", "ExitStack.enter_context(suppress(ValueError)) swallows the guard's raise.", "",
          ['axes = ("i",)', 'with contextlib.ExitStack() as stack:', '    stack.enter_context(contextlib.suppress(ValueError))', '    if jax.device_count() < 16:', '        raise ValueError("small")', '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 1:', imports="import contextlib\n")
axes_prog("suppress_guard_local_count", "suppress around a guard on jax.local_device_count.", "",
          ['axes = ("i",)', 'with contextlib.suppress(RuntimeError):', '    if jax.local_device_count() not in (16, 32):', '        raise RuntimeError("needs a full pod slice")', '    axes = ("i", "j")'],
          '    if jax.local_device_count() not in (16, 32):', '    if jax.local_device_count() not in (8, 32):', imports="import contextlib\n")
axes_prog("suppress_guard_in_helper", "A helper's guard raises; the caller runs the helper inside suppress(ValueError).",
          'def wide_axes():\n    if len(jax.devices()) < 16:\n        raise ValueError("needs 16 devices")\n    return ("i", "j")',
          ['axes = ("i",)', 'with contextlib.suppress(ValueError):', '    axes = wide_axes()'],
          '    if len(jax.devices()) < 16:', '    if len(jax.devices()) < 8:', imports="import contextlib\n")
