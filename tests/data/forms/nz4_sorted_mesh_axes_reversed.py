import jax
from jax.sharding import PartitionSpec as P


def planned(mesh):
    names = sorted(mesh.axis_names, key=lambda a: mesh.shape[a], reverse=True)  # ("j", "i")

    def body(x):
        return jax.lax.all_gather(x, names[0], axis=0, tiled=True, to="reduced")  # x varies on j

    return jax.shard_map(body, mesh=mesh, in_specs=P("j"), out_specs=P(reduced={"j"}))


def run(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return planned(mesh)(x)
