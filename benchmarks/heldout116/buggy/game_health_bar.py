"""Game HUD: the health-bar widget shows every unit's hit points clamped to the bar range."""
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
        self.mesh = mesh

    def draw_kernel(self, hp):
        all_hp = jax.lax.all_gather(hp, "units", axis=0, tiled=True, to="reduced")
        return jnp.clip(all_hp, 0.0, MAX_HP)

    def draw(self, hp):
        return jax.shard_map(self.draw_kernel, mesh=self.mesh, in_specs=P("units", "players"),
                             out_specs=P(None, "players", reduced={"units"}))(hp)


@widget("score")
class Score:
    def __init__(self, mesh):
        self.mesh = mesh

    def draw(self, hp):
        return jnp.sum(hp)


def inputs():
    return (np.random.default_rng(56).uniform(-20, 300, (16, 4)).astype(np.float32),)


def main(hp):
    mesh = jax.make_mesh((4, 2), ("units", "players"))
    hp = jax.device_put(hp, NamedSharding(mesh, P("units", "players")))
    hud = [cls(mesh) for cls in WIDGETS.values()]
    for _frame in range(2):
        drawn = [w.draw(hp) for w in hud]
    print(len(drawn))


if __name__ == "__main__":
    main(*inputs())
