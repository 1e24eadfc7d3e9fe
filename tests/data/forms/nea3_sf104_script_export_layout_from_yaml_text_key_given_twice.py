import jax
import numpy as np
import yaml
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
trainer:
  mesh_axes: [i, j]
export:
  axes: [i, null]
  reduced: []
  reduced: [j]
"""


def main():
    config = yaml.safe_load(CONFIG)
    mesh = jax.make_mesh((2, 4), tuple(config["trainer"]["mesh_axes"]))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    spec = P(*config["export"]["axes"], reduced=set(config["export"]["reduced"]))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        kernel = step(kernel)
        return top_level_all_gather(kernel, spec)


if __name__ == "__main__":
    main()
