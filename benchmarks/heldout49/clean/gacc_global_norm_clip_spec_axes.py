"""Global-norm gradient clipping over a params tree whose leaves are sharded differently."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "embed": P("data", "model"),
    "ln_scale": P("data", None),
    "mlp": P("data", "model"),
}
NORM_AXES = ("data", "model")


def sq_norm(tree):
    return sum(jnp.sum(leaf * leaf) for leaf in jax.tree.leaves(tree))


def clip_by_global_norm(grads, max_norm=1.0):
    sq = {name: jnp.sum(g * g) for name, g in grads.items()}
    total = 0.0
    for name in sorted(sq):
        axes = tuple(a for a in PARAM_SPECS[name] if a is not None)
        total = total + jax.lax.psum(sq[name], axes)
    norm = jnp.sqrt(total)
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(40)
    shapes = {"embed": (32, 8), "ln_scale": (32, 8), "mlp": (32, 16)}
    grads = {k: jax.device_put(rng.normal(size=s).astype(np.float32), NamedSharding(mesh, PARAM_SPECS[k]))
             for k, s in shapes.items()}
    return mesh, grads


def main(mesh, grads):
    f = jax.shard_map(clip_by_global_norm, mesh=mesh, in_specs=(PARAM_SPECS,), out_specs=PARAM_SPECS)
    return f(grads)


if __name__ == "__main__":
    main(*inputs())
