import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_PLAN = {
    "channels": "feat",
    "bank": ("batch", "feat"),
}


def tnet_descriptor(points, w1, w2):
    h = jax.nn.relu(points @ w1)
    return jnp.max(h, axis=1) @ w2


def descriptor_bank(desc, plan=GATHER_PLAN):
    full = jax.lax.all_gather(desc, plan["channels"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(full, plan["bank"], axis=0, tiled=True, to="reduced")


def build_bank(mesh):
    def body(points, w1, w2):
        return descriptor_bank(tnet_descriptor(points, w1, w2))

    return jax.shard_map(
        body,
        mesh=mesh,
        in_specs=(P("batch", None, None), P(), P(None, "feat")),
        out_specs=P(None, None, reduced={"batch", "feat"}),
    )


def inputs():
    rng = np.random.default_rng(1)
    return (
        rng.normal(size=(8, 16, 3)).astype(np.float32),
        rng.normal(size=(3, 12)).astype(np.float32),
        rng.normal(size=(12, 8)).astype(np.float32),
    )


def main(points, w1, w2):
    mesh = jax.make_mesh((2, 4), ("batch", "feat"))
    points = jax.device_put(points, NamedSharding(mesh, P("batch", None, None)))
    w1 = jax.device_put(w1, NamedSharding(mesh, P()))
    w2 = jax.device_put(w2, NamedSharding(mesh, P(None, "feat")))
    bank = build_bank(mesh)(points, w1, w2)
    print("bank", bank.shape)
    return bank


if __name__ == "__main__":
    main(*inputs())
