"""Preference-trained reward head published to the PPO critic layout."""
import dataclasses

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class HeadLayout:
    reward_model: P = dataclasses.field(default_factory=lambda: P(("head", "pair"), None))
    critic: P = dataclasses.field(default_factory=lambda: P("pair", None, reduced={"head"}))


def publish(head, layout: HeadLayout):
    return top_level_all_gather(head, layout.critic)


def inputs():
    mesh = jax.make_mesh((2, 4), ("pair", "head"))
    return mesh, jnp.ones((16, 2))


def main(mesh, head):
    layout = HeadLayout()
    with jax.set_mesh(mesh):
        head = jax.device_put(head, NamedSharding(mesh, layout.reward_model))
        return publish(head, layout)


if __name__ == "__main__":
    main(*inputs())
