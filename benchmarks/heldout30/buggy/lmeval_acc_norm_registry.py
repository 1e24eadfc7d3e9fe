"""Multiple-choice task of an LM evaluation harness: length-normalised log-likelihood per choice."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TASKS = {}


def register_task(name):
    def deco(cls):
        TASKS[name] = cls
        cls.name = name
        return cls
    return deco


class Task:
    vocab_axis = "model"
    request_axis = "data"

    def __init__(self, num_fewshot=0):
        self.num_fewshot = num_fewshot


@register_task("hellaswag")
class HellaSwag(Task):
    def loglikelihood(self, logits, targets):
        m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(axis=-1, keepdims=True)), self.vocab_axis)
        lse = m[..., 0] + jnp.log(jax.lax.psum(jnp.exp(logits - m).sum(-1), self.vocab_axis))
        picked = jax.lax.psum((logits * targets).sum(-1), self.vocab_axis)
        return picked - lse

    def process_results(self, logits, targets, lengths):
        ll = self.loglikelihood(logits, targets) / lengths[:, None]
        per_choice = jax.lax.all_gather(ll, self.vocab_axis, axis=0, tiled=True, to="reduced")
        return jnp.max(per_choice, axis=-1)


def inputs():
    rng = np.random.default_rng(17)
    logits = rng.standard_normal((8, 4, 16)).astype(np.float32)
    targets = np.eye(16, dtype=np.float32)[rng.integers(0, 16, (8, 4))]
    return logits, targets, np.full((8,), 4.0, np.float32)


def main(logits, targets, lengths):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    task = TASKS["hellaswag"](num_fewshot=0)
    spec = P("data", None, "model")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    targets = jax.device_put(targets, NamedSharding(mesh, spec))
    lengths = jax.device_put(lengths, NamedSharding(mesh, P("data")))
    fn = jax.shard_map(task.process_results, mesh=mesh, in_specs=(spec, spec, P("data")),
                       out_specs=P("data"))
    return fn(logits, targets, lengths)


if __name__ == "__main__":
    print(main(*inputs()))
