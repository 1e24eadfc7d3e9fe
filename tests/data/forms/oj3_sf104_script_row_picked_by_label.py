import operator

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

_OPS = {"==": operator.eq, "!=": operator.ne}
LAYOUTS = {"rows": P(None, "j", reduced={"i"}), "columns": P("j", None, reduced={"i"})}
CONFIG = {"report": np.array(["daily", "weekly", "monthly"]), "layout": np.array(["rows", "columns", "rows"]),
          "scale": np.array([1, 7.0, 30])}


def pick(table, column, op, label):
    mask = np.ones(len(table[column]), dtype=bool)
    mask &= _OPS[op](table[column], label)
    return {k: v[mask] for k, v in table.items()}


def main(mesh):
    row = pick(CONFIG, "report", "==", "weekly")  # (only a run that reads the labels knows the layout)
    out = LAYOUTS[str(row["layout"][0])]
    table = np.ones((8, 8), np.float32) * float(row["scale"][0])
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, P("i", "j")))
        return top_level_all_gather(placed, out)  # SF104: out spec not a prefix of the in spec


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")))
