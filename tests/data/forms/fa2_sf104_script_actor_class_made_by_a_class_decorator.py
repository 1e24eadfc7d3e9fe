import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ActorClass:
    def __init__(self, cls, defaults):
        self._cls, self._defaults = cls, defaults

    def remote(self, *args):
        return self._cls(*(args or self._defaults))


def remote(*defaults):
    def wrap(cls):
        return ActorClass(cls, defaults)
    return wrap


@remote(P("i", None, reduced={"j"}))
class Exporter:
    def __init__(self, spec):
        self.spec = spec

    def export(self, kernel):
        return top_level_all_gather(kernel, self.spec)  # SF104


def main():
    actor = Exporter.remote(P("i", None))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        return actor.export(step(kernel))


if __name__ == "__main__":
    main()
