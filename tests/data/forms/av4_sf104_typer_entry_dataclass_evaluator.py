import dataclasses
import functools

import jax
import numpy as np
import typer
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(x, axis):
    return top_level_all_gather(x, P(None, reduced={axis}))  # SF104: no context mesh on the way


@dataclasses.dataclass
class Evaluator:
    mesh: jax.sharding.Mesh
    axis: str = "i"

    def predict(self, x):
        with jax.set_mesh(self.mesh):
            return jax.device_put(x, NamedSharding(self.mesh, P(self.axis))) * 3.0

    def evaluate(self, x):
        preds = self.predict(x)
        return functools.partial(gather_rows, axis=self.axis)(preds)


def main(mesh, x):
    return Evaluator(mesh).evaluate(x)


def cli(rows: int = 8):
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((rows, 8), np.float32)))


if __name__ == "__main__":
    typer.run(cli)
