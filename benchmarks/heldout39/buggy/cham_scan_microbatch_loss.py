import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POINTS = "points"


def one_sided(pred, target):
    d = jnp.sum((pred[:, :, None, :] - target[:, None, :, :]) ** 2, axis=-1)
    return jnp.min(d, axis=-1).sum(axis=-1, keepdims=True)


def chamfer_microbatches(pred, target):
    def step(carry, batch):
        p, t = batch
        per_cloud = jax.lax.psum(one_sided(p, t), POINTS)
        board = jax.lax.all_gather(per_cloud, POINTS, axis=1, tiled=True, to="reduced")
        return carry, jnp.max(board, axis=1)

    _, losses = jax.lax.scan(step, None, (pred, target))
    return losses


def inputs():
    rng = np.random.default_rng(40)
    pred = rng.normal(size=(3, 4, 16, 3)).astype(np.float32)
    return pred, pred + 0.1


def main(pred, target):
    mesh = jax.make_mesh((2, 4), ("data", POINTS))
    spec = P(None, "data", POINTS, None)
    pred = jax.device_put(pred, NamedSharding(mesh, spec))
    target = jax.device_put(target, NamedSharding(mesh, spec))
    losses = jax.shard_map(
        chamfer_microbatches, mesh=mesh, in_specs=(spec, spec), out_specs=P(None, "data")
    )(pred, target)
    print(losses.shape)
    return losses


if __name__ == "__main__":
    main(*inputs())
