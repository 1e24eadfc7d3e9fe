"""ZeRO-2-style reward-model training: gradients reduce-scattered over every axis in a tree map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pairwise_grads(params, chosen, rejected):
    margin = (chosen - rejected) @ params["w"]
    coeff = -(1.0 - jax.nn.sigmoid(margin)) / chosen.shape[0]
    return {"w": (chosen - rejected).T @ coeff, "v": (chosen + rejected).T @ coeff}


def train_step(params, chosen, rejected):
    grads = pairwise_grads(params, chosen, rejected)
    return jax.tree.map(
        lambda g: jax.lax.psum_scatter(g, ("data", "fsdp"), scatter_dimension=0, tiled=True),
        grads)


def inputs():
    r = np.random.RandomState(34)
    return ({"w": r.randn(8, 1).astype(np.float32)},
            r.randn(16, 8).astype(np.float32), r.randn(16, 8).astype(np.float32))


def main(params, chosen, rejected):
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    params = jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, P())), params)
    bs = P("data", None)
    chosen, rejected = (jax.device_put(a, NamedSharding(mesh, bs)) for a in (chosen, rejected))
    out = {"w": P(("data", "fsdp"), None), "v": P(("data", "fsdp"), None)}
    return jax.shard_map(train_step, mesh=mesh, in_specs=({"w": P()}, bs, bs), out_specs=out)(params, chosen, rejected)


if __name__ == "__main__":
    print(jax.tree.map(jnp.shape, main(*inputs())))
