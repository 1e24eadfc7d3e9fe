"""Game save system: every component array is gathered to the host with its save layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLACEMENT = {
    "transform": P("units", "lanes"),
    "buffs": P(None, "units"),
}
SAVE_LAYOUT = {
    "transform": P(None, "lanes", reduced={"units"}),
    "buffs": P(None, "lanes", reduced={"units"}),
}


class SaveSystem:
    def __init__(self):
        self.slots = {}

    def save(self, slot, components):
        self.slots[slot] = {name: np.asarray(top_level_all_gather(arr, SAVE_LAYOUT[name]))
                            for name, arr in components.items()}


@jax.jit
def update(components):
    return {k: v * 0.999 for k, v in components.items()}


def inputs():
    rng = np.random.default_rng(54)
    return rng.normal(size=(32, 4)).astype(np.float32), rng.normal(size=(6, 32)).astype(np.float32)


def main(transform, buffs):
    mesh = jax.make_mesh((4, 2), ("units", "lanes"))
    saver = SaveSystem()
    with jax.set_mesh(mesh):
        components = {
            "transform": jax.device_put(transform, NamedSharding(mesh, PLACEMENT["transform"])),
            "buffs": jax.device_put(buffs, NamedSharding(mesh, PLACEMENT["buffs"])),
        }
        for frame in range(3):
            components = update(components)
        saver.save("autosave", components)
    print({k: v.shape for k, v in saver.slots["autosave"].items()})


if __name__ == "__main__":
    main(*inputs())
