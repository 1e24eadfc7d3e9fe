"""MMoE ranking model: per-expert gate load, shared with every data shard for the balance loss."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TASKS = ("ctr", "like", "share")


class GateLoadMonitor:
    """Callable body: gate probabilities (batch, task, expert) -> per-expert load."""

    def __init__(self, data_axis="data", n_experts=4):
        self.data_axis = data_axis
        self.n_experts = n_experts

    def load(self, gate_logits):
        probs = jax.nn.softmax(gate_logits, axis=-1)
        return jax.lax.psum(probs.sum(axis=(0, 1)), self.data_axis)

    def __call__(self, gate_logits):
        load = self.load(gate_logits)
        load = load / (gate_logits.shape[0] * len(TASKS))
        return jax.lax.all_gather(load, self.data_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(32, len(TASKS), 4)).astype(np.float32),)


def main(gate_logits):
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    monitor = GateLoadMonitor()
    gate_logits = jax.device_put(gate_logits, NamedSharding(mesh, P("data", None, None)))
    fn = jax.shard_map(monitor, mesh=mesh, in_specs=P("data", None, None),
                       out_specs=P(None, None, reduced={"data"}))
    return fn(gate_logits)


if __name__ == "__main__":
    print(main(*inputs()))
