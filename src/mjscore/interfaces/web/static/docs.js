// The API docs page (/api/docs): Swagger UI, from files served by this app, on the app's own schema.
// A script of its own rather than an inline one, which the Content-Security-Policy would refuse.

window.SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,  // never send the schema to a validator on the internet
});
