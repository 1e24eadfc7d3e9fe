"""An airflow-like DAG wires operators with `>>` (each keeps `upstream`/`downstream` sets of task
ids) and runs them in a topological order walking those sets: the config task fans out to two
tasks, and in either order the export task psums over the pulled axes ('i', 'j') a value summed
over 'i'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class DAG:
    def __init__(self):
        self.tasks = {}

    def run(self):
        indeg = {t: len(op.upstream) for t, op in self.tasks.items()}
        ready = [t for t, n in indeg.items() if n == 0]
        xcom = {}
        while ready:
            t = ready.pop(0)
            xcom[t] = self.tasks[t].fn(xcom)
            for d in self.tasks[t].downstream:
                indeg[d] -= 1
                if indeg[d] == 0:
                    ready.append(d)
        return xcom


class Operator:
    def __init__(self, dag, task_id, fn):
        self.task_id, self.fn = task_id, fn
        self.upstream, self.downstream = set(), set()
        dag.tasks[task_id] = self

    def __rshift__(self, others):
        for o in others if isinstance(others, list) else [others]:
            self.downstream.add(o.task_id)
            o.upstream.add(self.task_id)
        return others


MESH = jax.make_mesh((2, 4), ("i", "j"))


def config(xcom):
    return {"axes": ("i", "j")}


def stats(xcom):
    return len(xcom["config"]["axes"])


def export(xcom):
    axes = xcom["config"]["axes"]
    table = jax.device_put(jnp.ones((8, 8), jnp.float32), NamedSharding(MESH, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(table)


def main():
    dag = DAG()
    first = Operator(dag, "config", config)
    first >> [Operator(dag, "stats", stats), Operator(dag, "export", export)]
    return dag.run()


if __name__ == "__main__":
    main()
