"""Reward-model training: Bradley-Terry margins with a running reward normaliser."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))


class RewardNormalizer:
    """Keeps the reward mean seen across data-parallel ranks."""

    def __init__(self, axis_name="data"):
        self.axis_name = axis_name

    def update(self, rewards):
        mean = jax.lax.pmean(rewards.mean(axis=0, keepdims=True), self.axis_name)
        return jax.lax.all_gather(mean, self.axis_name, tiled=True, to="reduced")


def reward_head(hidden, w):
    return jnp.einsum("bd,d->b", hidden, w)[:, None]


def margin_body(chosen_h, rejected_h, w, normalizer):
    r_c = reward_head(chosen_h, w)
    r_r = reward_head(rejected_h, w)
    return normalizer.update(r_c - r_r)


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(9), 3)
    sh = NamedSharding(MESH, P("data", "model"))
    return (jax.device_put(jax.random.normal(k1, (8, 16)), sh),
            jax.device_put(jax.random.normal(k2, (8, 16)), sh),
            jax.device_put(jax.random.normal(k3, (16,)), NamedSharding(MESH, P("model"))))


def main(chosen_h, rejected_h, w):
    norm = RewardNormalizer()
    fn = jax.shard_map(lambda c, r, w: margin_body(c, r, w, norm), mesh=MESH,
                       in_specs=(P("data", "model"), P("data", "model"), P("model")),
                       out_specs=P(None, "model", reduced={"data"}))
    return fn(chosen_h, rejected_h, w)
