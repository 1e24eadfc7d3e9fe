import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
STATE = {"axes": ("i",)}


@contextlib.contextmanager
def scope():
    yield
    STATE["axes"] = ("i", "j")


def main(mesh, x):
    with contextlib.ExitStack() as stack:
        stack.enter_context(scope())
        kept = stack.pop_all()
    axes = STATE["axes"]
    return reduce_rows(mesh, x, axes)