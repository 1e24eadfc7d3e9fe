"""Tensor-parallel generation server: /debug/activations returns norms of the FFN pre-activations."""
import asyncio
import contextlib
import functools
import inspect
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# --- servekit: the small FastAPI / pydantic stand-in our inference services share -----------

class ValidationError(ValueError):
    pass


def _coerce(tp, value):
    origin = typing.get_origin(tp)
    if origin is tuple and isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if origin in (tuple, list) and isinstance(value, (list, tuple)):
        return origin(value)
    if tp in (int, float) and isinstance(value, (str, int, float)):
        return tp(value)
    return value


class BaseModel:
    """Annotated fields, class defaults, coercion of "a,b" to tuples; extra fields rejected."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = {}
        for klass in reversed(cls.__mro__):
            fields.update({k: v for k, v in getattr(klass, "__annotations__", {}).items()
                           if not k.startswith("_")})
        cls.model_fields = fields

    def __init__(self, **data):
        for name, tp in self.model_fields.items():
            if name in data:
                value = _coerce(tp, data.pop(name))
            elif hasattr(type(self), name):
                value = getattr(type(self), name)
            else:
                raise ValidationError(f"{type(self).__name__}.{name}: field required")
            setattr(self, name, value)
        if data:
            raise ValidationError(f"{type(self).__name__}: extra fields {sorted(data)}")

    @classmethod
    def model_validate(cls, obj):
        return cls(**dict(obj or {}))

    def model_dump(self):
        return {name: getattr(self, name) for name in self.model_fields}

    def model_copy(self, update=None):
        return type(self)(**{**self.model_dump(), **(update or {})})


class Depends:
    def __init__(self, dependency, *, use_cache=True):
        self.dependency = dependency
        self.use_cache = use_cache


class BackgroundTasks:
    def __init__(self):
        self.tasks = []

    def add_task(self, fn, *args, **kwargs):
        self.tasks.append((fn, args, kwargs))

    async def __call__(self):
        for fn, args, kwargs in self.tasks:
            if inspect.iscoroutinefunction(fn):
                await fn(*args, **kwargs)
            else:
                await run_in_threadpool(fn, *args, **kwargs)


class Request:
    def __init__(self, app, method, path, body=None, query=None):
        self.app, self.method, self.path = app, method, path
        self._body = body or {}
        self.query = dict(query or {})
        self.exit_stack = contextlib.AsyncExitStack()

    async def json(self):
        return self._body


class Response:
    def __init__(self, status_code, payload):
        self.status_code = status_code
        self._payload = payload

    def json(self):
        return self._payload


class HTTPException(Exception):
    def __init__(self, status_code, detail=""):
        super().__init__(detail)
        self.status_code, self.detail = status_code, detail


async def run_in_threadpool(fn, *args, **kwargs):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))


class App:
    def __init__(self, title=""):
        self.title = title
        self.routes = {}
        self.state = type("State", (), {})()
        self.dependency_overrides = {}
        self._hooks = {"startup": [], "shutdown": []}

    def on_event(self, kind):
        def register(fn):
            self._hooks[kind].append(fn)
            return fn
        return register

    def route(self, method, path, response_model=None):
        def register(fn):
            self.routes[(method, path)] = (fn, response_model)
            return fn
        return register

    def post(self, path, **kwargs):
        return self.route("POST", path, **kwargs)

    def get(self, path, **kwargs):
        return self.route("GET", path, **kwargs)

    async def _solve(self, fn, request, cache, background):
        kwargs = {}
        for name, param in inspect.signature(fn).parameters.items():
            default, ann = param.default, param.annotation
            if isinstance(default, Depends):
                dep = self.dependency_overrides.get(default.dependency, default.dependency)
                if default.use_cache and dep in cache:
                    kwargs[name] = cache[dep]
                    continue
                kwargs[name] = cache[dep] = await self._call(dep, request, cache, background)
            elif ann is Request:
                kwargs[name] = request
            elif ann is BackgroundTasks:
                kwargs[name] = background
            elif isinstance(ann, type) and issubclass(ann, BaseModel):
                kwargs[name] = ann.model_validate(await request.json())
            elif name in request.query:
                kwargs[name] = _coerce(ann, request.query[name])
        return kwargs

    async def _call(self, fn, request, cache, background):
        kwargs = await self._solve(fn, request, cache, background)
        if inspect.isasyncgenfunction(fn):
            gen = fn(**kwargs)
            value = await gen.__anext__()
            request.exit_stack.push_async_callback(gen.aclose)
            return value
        out = fn(**kwargs)
        return await out if inspect.isawaitable(out) else out

    async def handle(self, method, path, body=None, query=None):
        if (method, path) not in self.routes:
            return Response(404, {"detail": "Not Found"})
        fn, response_model = self.routes[(method, path)]
        request, background = Request(self, method, path, body, query), BackgroundTasks()
        async with request.exit_stack:
            try:
                out = await self._call(fn, request, {}, background)
            except HTTPException as exc:
                return Response(exc.status_code, {"detail": exc.detail})
        if response_model is not None and not isinstance(out, response_model):
            out = response_model.model_validate(out)
        await background()
        return Response(200, out.model_dump() if isinstance(out, BaseModel) else out)

    async def startup(self):
        for hook in self._hooks["startup"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()

    async def shutdown(self):
        for hook in self._hooks["shutdown"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()


class TestClient:
    """Like Starlette's TestClient with raise_server_exceptions=True, but awaitable."""

    def __init__(self, app):
        self.app = app

    async def __aenter__(self):
        await self.app.startup()
        return self

    async def __aexit__(self, *exc):
        await self.app.shutdown()

    async def post(self, path, json=None):
        return await self.app.handle("POST", path, body=json)

    async def get(self, path, params=None):
        return await self.app.handle("GET", path, query=params)


# --- end of servekit ---------------------------------------------------------------------------

# --- generation server: settings, startup, dependencies ---------------------------------------

class ServerSettings(BaseModel):
    mesh_shape: tuple[int, ...] = (4, 2)
    mesh_axes: tuple[str, ...] = ("batch", "model")
    vocab: int = 32
    d_model: int = 16
    d_ff: int = 32
    max_batch: int = 8
    temperature: float = 0.7


settings = ServerSettings()
app = App(title="tp-generate")


class GenerateRequest(BaseModel):
    prompts: list = []
    max_new_tokens: int = 1
    greedy: bool = True


class GenerateResponse(BaseModel):
    tokens: list = []
    latency_steps: int = 0


@app.on_event("startup")
async def build_mesh_and_model():
    mesh = jax.make_mesh(settings.mesh_shape, settings.mesh_axes)
    _, model_axis = settings.mesh_axes
    keys = jax.random.split(jax.random.key(0), 4)
    layout = {
        "embed": ((settings.vocab, settings.d_model), P()),
        "w_in": ((settings.d_model, settings.d_ff), P(None, model_axis)),
        "w_out": ((settings.d_ff, settings.d_model), P(model_axis, None)),
        "unembed": ((settings.d_model, settings.vocab), P(None, model_axis)),
    }
    params = {}
    for key, (name, (shape, spec)) in zip(keys, layout.items()):
        value = jax.random.normal(key, shape, jnp.float32) / np.sqrt(shape[0])
        params[name] = jax.device_put(value, NamedSharding(mesh, spec))
    app.state.mesh = mesh
    app.state.params = params
    app.state.specs = {name: spec for name, (_, spec) in layout.items()}


def get_settings():
    return settings


def get_mesh(request: Request):
    return request.app.state.mesh


def get_params(request: Request):
    return request.app.state.params


def tp_mlp(x, w_in, w_out, model_axis):
    """Megatron MLP inside shard_map: column-parallel in, row-parallel out, psum'd partials."""
    h = jax.nn.gelu(x @ w_in)
    return x + jax.lax.psum(h @ w_out, model_axis)


def embed_prompts(prompts, params, mesh):
    tokens = jnp.asarray(np.asarray(prompts, np.int32) % settings.vocab)
    x = params["embed"][tokens].mean(axis=1)
    return jax.device_put(x, NamedSharding(mesh, P(settings.mesh_axes[0], None)))


class Tracer:
    """Collects block activations for the debug dashboard, stitched back across the TP group."""

    def __init__(self, axis, feature_dim=1):
        self.axis = axis
        self.feature_dim = feature_dim

    def collect(self, hidden):
        return jax.lax.all_gather(hidden, self.axis, axis=self.feature_dim, tiled=True, to="reduced")


def get_tracer(s: ServerSettings = Depends(get_settings)):
    return Tracer(axis=s.mesh_axes[1])


@app.post("/debug/activations")
async def activations(req: GenerateRequest, mesh=Depends(get_mesh), params=Depends(get_params),
                      tracer: Tracer = Depends(get_tracer)):
    batch_axis, model_axis = settings.mesh_axes
    x = embed_prompts(req.prompts, params, mesh)

    def ffn_with_trace(x, w_in, w_out):
        pre = jax.nn.gelu(x @ w_in)
        return tracer.collect(pre)

    traced = jax.jit(jax.shard_map(
        ffn_with_trace, mesh=mesh,
        in_specs=(P(batch_axis, None), P(None, model_axis), P(model_axis, None)),
        out_specs=P(batch_axis, None, reduced={tracer.axis})))
    acts = await run_in_threadpool(traced, x, params["w_in"], params["w_out"])
    norms = await run_in_threadpool(lambda a: np.linalg.norm(np.asarray(a), axis=1), acts)
    return {"norms": norms.round(4).tolist()}


async def serve(prompts):
    async with TestClient(app) as client:
        resp = await client.post("/debug/activations", json={"prompts": prompts})
        return resp.json()["norms"]


def inputs():
    return (np.arange(32).reshape(8, 4).tolist(),)


def main(prompts):
    return asyncio.run(serve(prompts))


if __name__ == "__main__":
    print(main(*inputs()))
