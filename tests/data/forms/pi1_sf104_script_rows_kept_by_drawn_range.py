import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

# one layout per number of rows kept: only a run that knows every draw passes the filter knows which
OUT_BY_ROWS = {16: P("j", None, reduced={"i"}), 8: P(None, "j", reduced={"i"})}


def main(mesh):
    rng = np.random.default_rng(0)
    n = 16
    period = np.tile(np.arange(4), 4)
    season = 1.0 + 0.3 * np.cos(2 * np.pi * period / 4.0)
    active = np.round(rng.uniform(80, 120, n) * 0.85 ** period) * season  # (at least 49 * 0.7)
    keep = np.ones(n, dtype=bool)
    keep &= active > 0
    keep &= np.abs(rng.integers(1, 5, n) - 0.5) > 0.25
    rows = active[keep]
    table = np.ones((len(rows), 8), np.float32)
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, P("i", "j")))
        return top_level_all_gather(placed, OUT_BY_ROWS[len(rows)])  # SF104: out spec not a prefix of the in spec


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")))
