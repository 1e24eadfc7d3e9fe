"""Embeddings: nightly batch inference of document embeddings (flowlite DAG, airflow style).

The projection is model-parallel: the hidden dimension of the weights is split over `hidden`,
the documents over `batch`. Tasks: load_docs >> project >> publish_index.
"""
import string
from collections import defaultdict
from datetime import datetime

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- tiny airflow stand-in (pasted from the team's `flowlite`; enough to run DAGs locally) ----
class DAG:
    _current = None

    def __init__(self, dag_id, schedule=None, start_date=None, params=None, default_args=None, tags=()):
        self.dag_id, self.schedule, self.start_date = dag_id, schedule, start_date
        self.params = dict(params or {})
        self.default_args = dict(default_args or {})
        self.tasks = {}

    def __enter__(self):
        DAG._current = self
        return self

    def __exit__(self, *exc):
        DAG._current = None

    def _toposort(self):
        indeg = {t: len(task.upstream) for t, task in self.tasks.items()}
        ready = [t for t, n in indeg.items() if n == 0]
        order = []
        while ready:
            t = ready.pop(0)
            order.append(t)
            for d in self.tasks[t].downstream:
                indeg[d] -= 1
                if indeg[d] == 0:
                    ready.append(d)
        return order

    def test(self, logical_date=None, conf=None):
        """Run every task in dependency order in this process (like `airflow dags test`)."""
        xcom = defaultdict(dict)
        params = {**self.params, **(conf or {})}
        ds = (logical_date or datetime(2026, 12, 1)).strftime("%Y-%m-%d")
        for task_id in self._toposort():
            task = self.tasks[task_id]
            ti = TaskInstance(task_id, xcom)
            ctx = {"ti": ti, "params": params, "ds": ds, "dag": self, "task": task}
            ret = task.execute(ctx)
            if ret is not None:
                ti.xcom_push("return_value", ret)
        return xcom


class TaskInstance:
    def __init__(self, task_id, store):
        self.task_id, self._store = task_id, store

    def xcom_push(self, key, value):
        self._store[self.task_id][key] = value

    def xcom_pull(self, task_ids, key="return_value"):
        if isinstance(task_ids, (list, tuple)):
            return [self._store[t].get(key) for t in task_ids]
        return self._store[task_ids].get(key)


class BaseOperator:
    def __init__(self, task_id, dag=None, **kwargs):
        self.task_id = task_id
        self.dag = dag or DAG._current
        self.upstream, self.downstream = set(), set()
        self.dag.tasks[task_id] = self

    def __rshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            self.downstream.add(o.task_id)
            o.upstream.add(self.task_id)
        return other

    def __lshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            o >> self
        return other

    def __rrshift__(self, other):
        for o in other:
            o >> self
        return self


class PythonOperator(BaseOperator):
    def __init__(self, task_id, python_callable, op_kwargs=None, templates_dict=None, **kwargs):
        super().__init__(task_id, **kwargs)
        self.python_callable = python_callable
        self.op_kwargs = dict(op_kwargs or {})
        self.templates_dict = dict(templates_dict or {})

    def render(self, value, ctx):
        if isinstance(value, str) and "{{" in value:
            inner = value.replace("{{", "").replace("}}", "").strip()
            if inner.startswith("params."):
                return ctx["params"][inner[len("params."):]]
            return ctx[inner]
        return value

    def execute(self, ctx):
        kwargs = {k: self.render(v, ctx) for k, v in self.op_kwargs.items()}
        ctx = {**ctx, "templates_dict": {k: self.render(v, ctx) for k, v in self.templates_dict.items()}}
        return self.python_callable(**kwargs, **ctx)
# ---- end flowlite ----


MESH = jax.make_mesh((4, 2), ("batch", "hidden"))


def load_docs(n_docs, vocab, **context):
    ids = (jnp.arange(n_docs * 6) * 31 % vocab).reshape(n_docs, 6)
    context["ti"].xcom_push("vocab", vocab)
    return jax.device_put(ids, NamedSharding(MESH, P("batch", None)))


def project(**context):
    ti = context["ti"]
    ids = ti.xcom_pull("load_docs")
    vocab = ti.xcom_pull("load_docs", key="vocab")
    dim = int(context["templates_dict"]["dim"])
    table = jax.device_put(jnp.cos(jnp.arange(vocab * dim, dtype=jnp.float32).reshape(vocab, dim)),
                           NamedSharding(MESH, P(None, "hidden")))
    w_out = jax.device_put(jnp.eye(dim, dtype=jnp.float32)[:, :8], NamedSharding(MESH, P("hidden", None)))

    def encode(tok, tab, w):
        bag = jnp.take(tab, tok, axis=0).mean(axis=1)
        partial_out = bag @ w
        emb = jax.lax.psum(partial_out, "hidden")
        return jax.lax.all_gather(emb, "hidden", axis=1, tiled=True, to="reduced")

    fn = jax.shard_map(encode, mesh=MESH, in_specs=(P("batch", None), P(None, "hidden"), P("hidden", None)),
                       out_specs=P("batch", None, reduced={"hidden"}))
    return fn(ids, table, w_out)


def publish_index(**context):
    emb = context["ti"].xcom_pull("project")
    return {"rows": emb.shape[0], "norm": jnp.linalg.norm(emb, axis=-1).sum()}


with DAG("doc_embeddings_nightly", schedule="@daily", start_date=datetime(2026, 11, 1),
         params={"n_docs": 16, "vocab": 50, "dim": 16}) as dag:
    t_load = PythonOperator(task_id="load_docs", python_callable=load_docs,
                            op_kwargs={"n_docs": "{{ params.n_docs }}", "vocab": "{{ params.vocab }}"})
    t_project = PythonOperator(task_id="project", python_callable=project,
                               templates_dict={"dim": "{{ params.dim }}"})
    t_publish = PythonOperator(task_id="publish_index", python_callable=publish_index)
    t_load >> t_project >> t_publish


def inputs():
    return ({"n_docs": 32},)


def main(conf):
    return dag.test(conf=conf)["publish_index"]["return_value"]


if __name__ == "__main__":
    main(*inputs())
