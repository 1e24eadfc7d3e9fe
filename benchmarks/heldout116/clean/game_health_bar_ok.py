"""Game HUD: hit points are clamped per shard, then gathered (reduced) for the health bars."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MAX_HP = 250.0
WIDGETS = {}


def widget(name):
    def deco(cls):
        WIDGETS[name] = cls
        return cls
    return deco


@widget("health_bar")
class HealthBar:
    def __init__(self, mesh):
        self.fn = jax.shard_map(self.kernel, mesh=mesh, in_specs=P("units", "players"),
                                out_specs=P(None, "players", reduced={"units"}))

    @staticmethod
    def kernel(hp):
        return jax.lax.all_gather(jnp.clip(hp, 0.0, MAX_HP), "units", axis=0, tiled=True, to="reduced")

    def draw(self, hp):
        return self.fn(hp)


def inputs():
    return (np.random.default_rng(56).uniform(-20, 300, (16, 4)).astype(np.float32),)


def main(hp):
    mesh = jax.make_mesh((4, 2), ("units", "players"))
    hp = jax.device_put(hp, NamedSharding(mesh, P("units", "players")))
    hud = [cls(mesh) for cls in WIDGETS.values()]
    drawn = [w.draw(hp) for w in hud]
    print(drawn[0].shape)


if __name__ == "__main__":
    main(*inputs())
