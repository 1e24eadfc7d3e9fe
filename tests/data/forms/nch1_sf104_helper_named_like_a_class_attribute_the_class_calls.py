"""A class body binds `publish` to its own function and calls it there with rows laid out over
('i', 'j'): that call runs the class's `publish`, not the module's gather, so it says nothing
about the gather; the module's one call passes the layout the gather keeps."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


def publish(bank):
    return top_level_all_gather(bank, P("j", None))


class Exporter:
    def publish(bank):
        return bank

    SAMPLE = publish(jax.device_put(np.zeros((8, 8), np.float32), NamedSharding(MESH, P(("i", "j"), None))))


def main(mesh, x):
    bank = jax.device_put(x, NamedSharding(mesh, P("j", None)))
    with jax.set_mesh(mesh):
        return publish(bank), Exporter.SAMPLE
