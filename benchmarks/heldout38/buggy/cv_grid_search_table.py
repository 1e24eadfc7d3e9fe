import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_GRID = {"alpha": [0.01, 0.1, 1.0, 10.0], "l1_ratio": [0.0, 0.5]}


def inputs():
    rng = np.random.default_rng(53)
    n_candidates = len(list(itertools.product(*PARAM_GRID.values())))
    scores = rng.uniform(size=(2, n_candidates)).astype(np.float32)
    return (scores,)


class GridSearchCV:
    def __init__(self, param_grid, fold_axis="fold", data_axis="data"):
        self.candidates = list(itertools.product(*param_grid.values()))
        self.fold_axis = fold_axis
        self.data_axis = data_axis

    def results_table(self, scores):
        per_fold = jax.lax.all_gather(scores, self.fold_axis, axis=0, tiled=True, to="reduced")
        table = jax.lax.all_gather(per_fold, axis_name=(self.data_axis, self.fold_axis),
                                   axis=1, tiled=True, to="reduced")
        return table


def main(scores):
    mesh = jax.make_mesh((2, 4), ("fold", "data"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("fold", "data")))
    search = GridSearchCV(PARAM_GRID)
    f = jax.shard_map(search.results_table, mesh=mesh, in_specs=P("fold", "data"),
                      out_specs=P(None, None, reduced={"fold", "data"}))
    return f(scores)


if __name__ == "__main__":
    main(*inputs())
