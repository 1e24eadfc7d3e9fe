"""Relative L2 error of an FNO surrogate, metrics looked up by name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.tree_util import Partial

BATCH = "batch"


def target_norms(target, axis_name):
    norms = jnp.sqrt(jnp.sum(target * target, axis=-1))
    return jax.lax.all_gather(norms, axis_name, tiled=True, to="reduced")


def rel_l2(pred, target, axis_name):
    err = jnp.sqrt(jnp.sum((pred - target) ** 2, axis=-1))
    denom = jax.lax.psum(target_norms(target, axis_name), axis_name)
    return jax.lax.psum(err.sum(), axis_name) / denom.sum()


def max_err(pred, target, axis_name):
    return jax.lax.pmax(jnp.abs(pred - target).max(), axis_name)


METRICS = {
    "rel_l2": Partial(rel_l2, axis_name=BATCH),
    "max_err": Partial(max_err, axis_name=BATCH),
}


def evaluate(pred, target, names=("rel_l2", "max_err")):
    return {n: METRICS[n](pred, target) for n in names}


def inputs():
    rng = np.random.default_rng(18)
    t = rng.normal(size=(8, 32)).astype(np.float32)
    return (t + 0.01 * rng.normal(size=t.shape).astype(np.float32), t)


def main(pred, target):
    mesh = jax.make_mesh((8,), (BATCH,))
    pred, target = (jax.device_put(a, NamedSharding(mesh, P(BATCH))) for a in (pred, target))
    return jax.shard_map(evaluate, mesh=mesh, in_specs=(P(BATCH), P(BATCH)),
                         out_specs={"rel_l2": P(), "max_err": P()})(pred, target)


if __name__ == "__main__":
    print(main(*inputs()))
