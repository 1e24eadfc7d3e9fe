"""Logical axis names mapped to mesh axes by a rules table, with a gather helper over them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_RULES = (("batch", "dp"), ("embed", "mp"), ("heads", None))


def logical_to_mesh_axes(names, rules=LOGICAL_RULES):
    table = dict(rules)
    axes = tuple(table[n] for n in names if table.get(n) is not None)
    return axes[0] if len(axes) == 1 else axes


def logical_spec(*names):
    return P(*(logical_to_mesh_axes((n,)) or None for n in names))


def logical_gather(x, names, *, dim):
    return jax.lax.all_gather(x, logical_to_mesh_axes(names), axis=dim, to="reduced", tiled=True)


def encoder_summary(x):
    h = logical_gather(x, ("batch",), dim=0)
    h = jnp.tanh(h)
    return logical_gather(h, ("batch", "embed"), dim=1)


def inputs():
    return np.linspace(-2.0, 2.0, 128, dtype=np.float32).reshape(8, 16),


def main(x):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    spec = logical_spec("batch", "embed")
    x = jax.device_put(x, NamedSharding(mesh, spec))
    run = jax.shard_map(encoder_summary, mesh=mesh, in_specs=spec,
                        out_specs=P(None, None, reduced={"dp", "mp"}))
    return run(x)


if __name__ == "__main__":
    main(*inputs())
