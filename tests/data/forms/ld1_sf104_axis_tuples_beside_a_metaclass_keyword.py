import enum

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"i": 2, "j": 4}
DP, TP = "i", "j"


class Registered(type):
    """Files each layout class by name (a metaclass keyword in a class statement)."""


class Layout(metaclass=Registered):
    pass


class Ax(str, enum.Enum):
    DATA = "i"
    MODEL = "j"


def run(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.reshard(x, P((Ax.DATA.value, Ax.MODEL.value)))
        ga = top_level_all_gather(a, P(Ax.MODEL.value, reduced={Ax.DATA.value}))  # SF104
        b = jax.device_put(x, NamedSharding(mesh, P(None, (DP, TP))))
        gb = top_level_all_gather(b, P(None, TP, reduced={DP}))  # SF104
        axes = tuple(MESH_SHAPE)
        c = jax.device_put(x, NamedSharding(mesh, P(axes)))
        gc = top_level_all_gather(c, P(axes[1], reduced={axes[0]}))  # SF104
        names = list(MESH_SHAPE.keys())
        d = jax.reshard(x, P(names[:1], names[1]))
        gd = top_level_all_gather(d, P(None, names[1]))  # SF104
    return ga, gb, gc, gd
