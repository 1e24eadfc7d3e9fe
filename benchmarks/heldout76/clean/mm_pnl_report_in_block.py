"""Market-making simulator run + end-of-run PnL report.

python mm_pnl_report.py
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

N_PATHS, N_MM = 16, 4
REPORT_SPEC = P("path", None, reduced={"mm"})


def report_table(pnl):
    return top_level_all_gather(pnl, REPORT_SPEC)


def inputs():
    rng = np.random.default_rng(404)
    cap = (0.01 * rng.random((N_PATHS, N_MM))).astype(np.float32)
    cost = (0.005 * rng.random((N_PATHS, N_MM))).astype(np.float32)
    return cap, cost


def main(cap, cost):
    mesh = jax.make_mesh((4, 2), ("path", "mm"))
    lay = NamedSharding(mesh, P("path", "mm"))
    with jax.set_mesh(mesh):
        cap, cost = jax.device_put(cap, lay), jax.device_put(cost, lay)
        pnl = cap - cost
        table = report_table(pnl)
    print("pnl table", table.shape)
    return table


if __name__ == "__main__":
    main(*inputs())
