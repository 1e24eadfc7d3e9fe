import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        self[name] = value


def get_config():
    config = ConfigDict()
    config.train_axes = ("i", "j")
    config.export = ConfigDict({"kernel": P("i", None, reduced={"j"})})
    return config


def save(kernel, config):
    return top_level_all_gather(kernel, config.export.kernel)


def main():
    config = get_config()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(*config.train_axes)))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        kernel = step(kernel)
        return save(kernel, config)


if __name__ == "__main__":
    main()
