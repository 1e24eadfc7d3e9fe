# Comparing ways to materialise a 2-D sharded activation on every device (one cell per variant).
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
full = P(None, None, reduced={"i", "j"})



def rows_then_cols(a):
    rows = jax.lax.all_gather(a, "i", axis=0, to="reduced", tiled=True)
    return jax.lax.all_gather(rows, ("j", "i"), axis=1, to="reduced", tiled=True)


strategies = {
    "rows_then_cols": rows_then_cols,
    "one_shot": lambda a: jax.lax.all_gather(a, "j", axis=1, to="reduced", tiled=True),
}


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(a):
    a = jax.device_put(a, NamedSharding(mesh, P("i", "j")))
    outs = {}
    for name, strat in strategies.items():
        out = full if name == "rows_then_cols" else P("i", None, reduced={"j"})
        outs[name] = jax.shard_map(strat, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(a)
    return outs


if __name__ == "__main__":
    main(*inputs())
