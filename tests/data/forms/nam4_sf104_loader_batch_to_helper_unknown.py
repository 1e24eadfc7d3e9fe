import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardedLoader:
    def __init__(self, mesh, data, spec=P(("i", "j"), None)):
        self.sharding = NamedSharding(mesh, spec)
        self.data = data

    def __iter__(self):
        for start in range(0, self.data.shape[0], 8):
            chunk = self.data[start:start + 8]
            yield {"x": jax.make_array_from_process_local_data(self.sharding, chunk)}


def log_inputs(batch):
    return top_level_all_gather(batch["x"], P(None, None, reduced={"i"}))


def log_after_reshard(batch):
    batch["x"] = jax.reshard(batch["x"], P("j", None))
    return top_level_all_gather(batch["x"], P(None, None, reduced={"j"}))


def log_any(batch):
    return top_level_all_gather(batch["x"], P(None, None, reduced={"i"}))


def run(mesh, x):
    seen = []
    with jax.set_mesh(mesh):
        for batch in ShardedLoader(mesh, x):
            batch["x"] = jax.reshard(batch["x"], P("i", None))
            seen.append(log_inputs(batch))
        for batch in ShardedLoader(mesh, x):
            seen.append(log_after_reshard(batch))
        seen.append(log_any({"x": jax.reshard(x, P("i", None))}))
        for batch in ShardedLoader(mesh, x, spec=P("i", None)):
            seen.append(log_any(batch))
    return seen
