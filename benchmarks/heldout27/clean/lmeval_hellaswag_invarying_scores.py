"""HellaSwag-style multiple choice: the target token's logit is looked up in vocab-parallel logits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TASK_REGISTRY = {}


def register_task(name):
    def wrap(cls):
        TASK_REGISTRY[name] = cls
        return cls
    return wrap


@register_task("hellaswag")
class HellaSwag:
    num_choices = 4
    output_type = "multiple_choice"

    def __init__(self, vocab_axis):
        self.vocab_axis = vocab_axis

    def choice_loglikelihood(self, logits, targets):
        shard = logits.shape[-1]
        start = jax.lax.axis_index(self.vocab_axis) * shard
        local = targets - start
        hit = (local >= 0) & (local < shard)
        picked = jnp.take_along_axis(logits, jnp.clip(local, 0, shard - 1)[..., None], axis=-1)[..., 0]
        return jax.lax.psum(jnp.where(hit, picked, 0.0), self.vocab_axis)

    def process_results(self, logits, targets):
        ll = self.choice_loglikelihood(logits, targets)
        return jax.lax.all_gather(ll, self.vocab_axis, axis=0, tiled=True, to="invarying")


def inputs():
    rng = np.random.default_rng(12)
    logits = rng.normal(size=(8, 4, 64)).astype(np.float32)
    return logits, rng.integers(0, 64, (8, 4)).astype(np.int32)


def main(logits, targets):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    task = TASK_REGISTRY["hellaswag"]("vocab")
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", None, "vocab")))
    targets = jax.device_put(targets, NamedSharding(mesh, P("batch", None)))
    fn = jax.shard_map(task.process_results, mesh=mesh, in_specs=(P("batch", None, "vocab"), P("batch", None)),
                       out_specs=P("batch", None))
    return fn(logits, targets)


if __name__ == "__main__":
    print(main(*inputs()))
