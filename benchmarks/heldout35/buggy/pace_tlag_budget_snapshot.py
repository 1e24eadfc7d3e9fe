"""Nightly budget snapshot: remaining budgets after the settlement job, copied to the reporting layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SETTLE_LAYOUT = P(("campaign", "auction"))
REPORT_LAYOUT = P("auction")


def build_settlement(mesh):
    out = NamedSharding(mesh, SETTLE_LAYOUT)

    @jax.jit
    def _settle(budgets, spend):
        return jnp.maximum(budgets - spend, 0.0)

    return jax.jit(_settle, out_shardings=out)


def inputs():
    return np.full((64,), 1000.0, np.float32), np.linspace(0, 1200, 64, dtype=np.float32)


def main(budgets, spend):
    mesh = jax.make_mesh((2, 4), ("campaign", "auction"))
    settle = build_settlement(mesh)
    remaining = settle(budgets, spend)
    with jax.set_mesh(mesh):
        snapshot = top_level_all_gather(remaining, REPORT_LAYOUT)
    return snapshot


if __name__ == "__main__":
    print(main(*inputs()))
