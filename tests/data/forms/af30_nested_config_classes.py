import jax
from jax.sharding import PartitionSpec as P


class Config:
    class Mesh:
        DATA = "i"
        MODEL = "j"
        ALL = (DATA, MODEL)

    class Train:
        lr = 0.1


def body(x):
    g = jax.lax.pmean(x, Config.Mesh.MODEL)
    return jax.lax.pmean(g, Config.Mesh.ALL)  # SF105


def run(mesh, x):
    spec = P(Config.Mesh.DATA, Config.Mesh.MODEL)
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)
