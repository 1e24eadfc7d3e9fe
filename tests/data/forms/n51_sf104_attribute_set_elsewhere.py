import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Axes:
    DATA = "i"
    MODEL = "j"


def swap():
    Axes.DATA, Axes.MODEL = "j", "i"


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(Axes.DATA, None)))
        return top_level_all_gather(a, NamedSharding(mesh, P("j", None)))  # none


if __name__ == "__main__":
    swap()
    print(main(None))
