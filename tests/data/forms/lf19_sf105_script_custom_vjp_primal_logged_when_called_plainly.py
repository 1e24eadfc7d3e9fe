"""A kernel registry logs which implementation each trace used; the safe-clip kernel is a
`custom_vjp` function called plainly (evaluation, no gradient), so JAX traces its primal, which
logs "primal"; the job reads the log to choose the reduction axes and picks both mesh axes: the
psum of a value varying on "data" only raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACE_LOG = []


@jax.custom_vjp
def safe_clip(v):
    TRACE_LOG.append("primal")
    return jnp.clip(v, -1.0, 1.0)


def safe_clip_fwd(v):
    return jnp.clip(v, -1.0, 1.0), v


def safe_clip_bwd(v, g):
    return (g,)


safe_clip.defvjp(safe_clip_fwd, safe_clip_bwd)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    safe_clip(jnp.ones(3)).sum()
    axes = ("data", "model")[: 1 + TRACE_LOG.count("primal")]
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
