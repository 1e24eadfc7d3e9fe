"""The kernel of lf19 logging in its `fwd` rule instead, and differentiated (`jax.grad` of a loss
calling it on the differentiated value itself): JAX traces `fwd`, which logs, so the job picks both
mesh axes and the psum of a value varying on "data" only raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACE_LOG = []


@jax.custom_vjp
def safe_clip(v):
    return jnp.clip(v, -1.0, 1.0)


def safe_clip_fwd(v):
    TRACE_LOG.append("fwd")
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
    jax.grad(lambda v: safe_clip(v).sum())(jnp.ones(3))
    axes = ("data", "model")[: 1 + len(TRACE_LOG)]
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
