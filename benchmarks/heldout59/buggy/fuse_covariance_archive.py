"""Track archive of a multi-sensor tracker: covariance diagonals gathered for the smoother."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_PLAN = [
    ("state", 1),
    (("sensor", "state"), 0),
]


def archive(cov_diag, plan=GATHER_PLAN):
    out = cov_diag
    for axes, dim in plan:
        out = jax.lax.all_gather(out, axes, axis=dim, tiled=True, to="reduced")
    return out


def inputs():
    return (np.abs(np.random.default_rng(41).normal(size=(32, 12))).astype(np.float32),)


def main(cov_diag):
    mesh = jax.make_mesh((2, 4), ("sensor", "state"))
    cov_diag = jax.device_put(cov_diag, NamedSharding(mesh, P("sensor", "state")))
    return jax.shard_map(archive, mesh=mesh, in_specs=P("sensor", "state"),
                         out_specs=P(None, None, reduced={"sensor", "state"}))(cov_diag)


if __name__ == "__main__":
    main(*inputs())
