"""ZeRO-2-style reward training: gradients (varying on data only) reduce-scattered over data."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pairwise_grads(w, chosen, rejected):
    margin = (chosen - rejected) @ w
    coeff = -(1.0 - jax.nn.sigmoid(margin)) / chosen.shape[0]
    return {"w": (chosen - rejected).T @ coeff}


def train_step(w, chosen, rejected):
    grads = pairwise_grads(w, chosen, rejected)
    return jax.tree.map(lambda g: jax.lax.psum_scatter(g, "data", scatter_dimension=0, tiled=True), grads)


def inputs():
    r = np.random.RandomState(34)
    return r.randn(8, 1).astype(np.float32), r.randn(16, 8).astype(np.float32), r.randn(16, 8).astype(np.float32)


def main(w, chosen, rejected):
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    bs = P("data", None)
    chosen, rejected = (jax.device_put(a, NamedSharding(mesh, bs)) for a in (chosen, rejected))
    return jax.shard_map(train_step, mesh=mesh, in_specs=(P(), bs, bs), out_specs={"w": P("data", None)})(w, chosen, rejected)


if __name__ == "__main__":
    print(main(*inputs())["w"].shape)
