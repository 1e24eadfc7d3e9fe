"""Per-variable token statistics of a ClimaX-like tokenizer, one entry per input variable."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VARIABLES = ("t2m", "u10", "v10", "z500")


class VariableTokenizer:
    def __init__(self, variables=VARIABLES, token_axis="token"):
        self.variables = variables
        self.token_axis = token_axis

    def token_stats(self, batch):
        stats = {}
        for name in self.variables:
            mean = jax.lax.pmean(batch[name].mean(axis=-1), self.token_axis)
            stats[name] = jax.lax.all_gather(mean, self.token_axis, to="reduced")
        return stats


def inputs():
    rng = np.random.default_rng(50)
    return ({name: rng.standard_normal((4, 16)).astype(np.float32) for name in VARIABLES},)


def main(batch):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    batch = {k: jax.device_put(v, NamedSharding(mesh, P("batch", "token"))) for k, v in batch.items()}
    tok = VariableTokenizer()
    fn = jax.shard_map(tok.token_stats, mesh=mesh, in_specs=P("batch", "token"),
                       out_specs=P(None, "batch", reduced={"token"}))
    return fn(batch)


if __name__ == "__main__":
    main(*inputs())
