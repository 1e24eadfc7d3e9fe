import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

# one layout per number of rows: only a run that knows how long the columns are knows which
OUT_BY_ROWS = {16: P("j", None, reduced={"i"}), 32: P(None, "j", reduced={"i"})}


class Frame:
    def __init__(self, columns):
        self.cols = {k: np.asarray(v) for k, v in columns.items()}
        if len({len(v) for v in self.cols.values()}) > 1:
            raise ValueError("columns of different lengths")

    def __len__(self):
        return len(next(iter(self.cols.values())))

    def assign(self, **kw):
        cols = dict(self.cols)
        for k, v in kw.items():
            cols[k] = v(self) if callable(v) else v
        return Frame(cols)


def main(mesh):
    rng = np.random.default_rng(0)
    n = 16
    frame = Frame({"name": np.array(["a", "b", "c", "d"] * 4), "size": rng.pareto(1.5, n),
                   "grade": rng.choice([1, 2, 3, 9], n)})
    frame = frame.assign(rounded=np.round(frame.cols["size"]), scaled=lambda f: f.cols["size"] * 2.0)
    means = np.array([np.mean(frame.cols["size"]) for _ in range(n)])
    frame = frame.assign(mean=means)
    table = np.ones((len(frame), 8), np.float32)
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, P("i", "j")))
        return top_level_all_gather(placed, OUT_BY_ROWS[len(frame)])  # SF104: out spec not a prefix of the in spec


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")))
