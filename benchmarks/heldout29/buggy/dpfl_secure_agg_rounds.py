"""Secure aggregation over simulated rounds: masked updates pooled per cohort, then globally."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUNDS = 3
COHORT, CLIENT = "cohort", "client"


def masked_sum(update, mask):
    return update + mask - mask


def aggregate(updates, masks):
    pooled = updates
    for r in range(ROUNDS):
        if r == 0:
            pooled = jax.lax.all_gather(masked_sum(updates, masks), CLIENT, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(pooled, (COHORT, CLIENT), axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(502)
    return rng.standard_normal((16, 8)).astype(np.float32), rng.standard_normal((16, 8)).astype(np.float32)


def main(updates, masks):
    mesh = jax.make_mesh((2, 4), (COHORT, CLIENT))
    spec = P(CLIENT, COHORT)
    updates, masks = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (updates, masks))
    fn = jax.shard_map(aggregate, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={COHORT, CLIENT}))
    return fn(updates, masks)


if __name__ == "__main__":
    print(main(*inputs()))
