"""The gather helper `publish` shares its name with a NamedTuple field and with a method of another
class: both bind the name in their class alone, so every call of the module's `publish` is known."""
from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class BankLayout(NamedTuple):
    train: P
    publish: P


LAYOUT = BankLayout(train=P(("i", "j"), None), publish=P("j", None))


class Service:
    def publish(self, bank):
        return bank


def publish(bank, layout=LAYOUT):
    return top_level_all_gather(bank, layout.publish)  # SF104


def main(mesh, x):
    bank = jax.device_put(x, NamedSharding(mesh, LAYOUT.train))
    with jax.set_mesh(mesh):
        return Service().publish(publish(bank))
