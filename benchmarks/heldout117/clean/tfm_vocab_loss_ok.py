"""Decoder LM: vocab-parallel cross entropy, loss scattered back per token shard.

The reduction chain is spelled "lse:model|scatter:data,model".
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "data=2,model=4"
CHAIN = "lse:model|scatter:data"


def mesh_from(text):
    kv = [s.split("=") for s in text.split(",")]
    return jax.make_mesh(tuple(int(v) for _, v in kv), tuple(k for k, _ in kv))


def step_lse(logits, axis):
    m = jax.lax.pmax(jax.lax.stop_gradient(jnp.max(logits, axis=-1, keepdims=True)), axis)
    s = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), axis)
    return (jnp.log(s) + m)[:, 0]


def step_scatter(x, axes):
    axes = tuple(axes.split(","))
    return jax.lax.psum_scatter(x, axes, scatter_dimension=0, tiled=True)


STEPS = {"lse": step_lse, "scatter": step_scatter}


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(logits):
    mesh = mesh_from(MESH)
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "model")))

    def body(z):
        x = z
        for step in CHAIN.split("|"):
            name, _, arg = step.partition(":")
            x = STEPS[name](x, arg)
        return x

    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P("data"))(logits)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
