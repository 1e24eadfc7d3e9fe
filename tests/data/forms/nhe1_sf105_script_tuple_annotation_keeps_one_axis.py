"""A typer-like layer reads each command's options from its signature: an option annotated
`list[str]` keeps all its default axes; `tuple[str, ...]` is not a list: the option keeps its last axis
(the counts stay split over "i")."""
import inspect

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COMMANDS = {}


def command(f):
    options = {}
    for p in inspect.signature(f).parameters.values():
        if getattr(p.annotation, "__origin__", None) is list:
            options[p.name] = tuple(p.default)
        elif p.default is not inspect.Parameter.empty:
            options[p.name] = p.default[-1]
    COMMANDS[f.__name__.replace("_", "-")] = (f, options, f.__doc__)
    return f


@command
def sync_counts(x, mesh, over: tuple[str, ...] = ("i", "j")):
    """Count the rows, then synchronise the counts."""
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, over)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


def main(argv=("sync-counts",)):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    fn, options, help_text = COMMANDS[argv[0]]
    assert help_text.startswith("Count")
    return fn(x, mesh, **options)


if __name__ == "__main__":
    main()
