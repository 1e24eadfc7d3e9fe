"""ESMM (pCTCVR = pCTR * pCVR): tower outputs snapshotted for the offline label-join job."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, Enum):
    DATA = "data"
    EXPERT = "expert"


SNAPSHOT_AXES = tuple(a.value for a in Axis)


def towers(h, w_ctr, w_cvr):
    p_ctr = jax.nn.sigmoid(h @ w_ctr)
    p_cvr = jax.nn.sigmoid(h @ w_cvr)
    return jnp.concatenate([p_ctr, p_cvr, p_ctr * p_cvr], axis=1)


def snapshot(h, w_ctr, w_cvr):
    out = towers(h, w_ctr, w_cvr)
    by_expert = jax.lax.all_gather(out, Axis.EXPERT.value, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(by_expert, SNAPSHOT_AXES, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    h = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 2)).astype(np.float32) * 0.3
    return h, w, w[:, ::-1].copy()


def main(h, w_ctr, w_cvr):
    mesh = jax.make_mesh((4, 2), SNAPSHOT_AXES)
    h = jax.device_put(h, NamedSharding(mesh, P("data", None)))
    w_ctr = jax.device_put(w_ctr, NamedSharding(mesh, P(None, "expert")))
    w_cvr = jax.device_put(w_cvr, NamedSharding(mesh, P(None, "expert")))
    fn = jax.shard_map(snapshot, mesh=mesh,
                       in_specs=(P("data", None), P(None, "expert"), P(None, "expert")),
                       out_specs=P(reduced={"data", "expert"}))
    return fn(h, w_ctr, w_cvr)


if __name__ == "__main__":
    print(main(*inputs()))
